/**
 * Masks personal data in a log line. Paths carry user ids (/api/users/{uuid}/preferences) and can
 * carry anything a client typed (an e-mail address where an id belongs); an unexpected error's
 * message can quote the value that broke a query. The request log keeps the shape, not the values.
 */
const EMAIL = /[^\s/?#&="'<>()[\]]+(?:@|%40)[^\s/?#&="'<>()[\]]+/gi;
const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/gi;
/** Session tokens and other secrets: long runs of base64url that include a digit. */
const TOKEN = /[A-Za-z0-9_-]{24,}/g;
/** Account ids and other long numbers. */
const LONG_NUMBER = /\d{6,}/g;

export function redactPersonalData(line: string): string {
  return line
    .replace(EMAIL, ':email')
    .replace(UUID, ':uuid')
    .replace(TOKEN, (run) => (/\d/.test(run) ? ':token' : run))
    .replace(LONG_NUMBER, ':number');
}
