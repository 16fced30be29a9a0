/** How much the server logs (LOG_LEVEL): its own module, so the configuration can name it without importing the logger. */
export type LogLevel = 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug';

export const LOG_LEVELS: readonly LogLevel[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug'];
