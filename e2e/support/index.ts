/** Shared helpers for the browser tests: import from './support' in a spec. */
export { PERSONA_IDS, type PersonaId } from './personas';
export { signInAs, signInAsFresh } from './session';
export { api, apiPath } from './api';
export { collectMessages, type MessageLog } from './messages';
export { recordEvents, type EventBody } from './events';
export { TEST_CARDS, annualPlan, fillCard, fillCheckoutCard, futureExpiry, mountSandboxFrame } from './sandbox';
export { expectAllRevealed } from './revealed';
export { builtFileOf, isBuiltFileOf } from './built-files';
