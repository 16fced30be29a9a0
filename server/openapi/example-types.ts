/**
 * One operation's examples, from the seeded demo data: what a client sends (path and query
 * parameters as the text they travel as, and the JSON body) and the body of each JSON success
 * response, by status. The contract tests check each against its operation's own schemas.
 */
export interface OperationExamples {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  responses?: Partial<Record<number, unknown>>;
}

/**
 * Examples by operation, keyed `METHOD /path` as Hono writes the path, under the API base for
 * the API's own routes (`POST /subscriptions/survey`), whole for the others (`GET /sandbox/apm`).
 */
export type ExamplesByOperation = Record<string, OperationExamples>;
