/** Shared helpers for the browser tests: import from './support' in a spec. */
export { PERSONA_IDS, type PersonaId } from './personas';
export { signInAs, signInAsFresh, signOut } from './session';
export { api, apiPath, requestOf, ApiCallError, API_BASE, type Api, type RequestSource } from './api';
export { collectMessages, type MessageLog, type ReceivedMessage } from './messages';
export {
  TEST_CARDS,
  annualPlan,
  fillCard,
  futureExpiry,
  mountSandboxFrame,
  pastExpiry,
  sandboxFramePath,
  type SandboxFrame,
  type SandboxFrameOptions,
} from './sandbox';
