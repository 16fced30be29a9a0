import type { StartupAccessActor } from '../../machines/startup-access.machine';
import type { Claims } from '../api/schemas/users';

/** Start-up over the API's claims: its context keeps the whole claims response, typed. */
export type StartupActor = StartupAccessActor<Claims>;
export type StartupSnapshot = ReturnType<StartupActor['getSnapshot']>;
