import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { availabilityLog } from '../../server/db/availability';
import { openPostgres } from '../../server/db/postgres';
import {
  asUnavailable,
  DatabaseUnavailableError,
  describeFailure,
  isConnectionFailure,
  isDatabaseUnavailable,
} from '../../server/db/unavailable';
import { ApiError } from '../../server/http/errors';
import { freePort } from '../../scripts/lib';

const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

/** An error as node-postgres makes it from the server's ErrorResponse. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

describe('connection-class failures', () => {
  it('are the socket errors of a server out of reach', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
    ]) {
      expect(isConnectionFailure(withCode(code, `connect ${code} 127.0.0.1:5432`)), code).toBe(true);
    }
  });

  it('are the SQLSTATEs of a server going away, coming up, full or too slow', () => {
    const cases: [string, string][] = [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['57014', 'canceling statement due to statement timeout'],
      ['08006', 'connection failure'],
      ['08001', 'could not connect'],
      ['08P01', 'protocol violation'],
    ];
    for (const [code, message] of cases) expect(isConnectionFailure(serverError(code, message)), code).toBe(true);
  });

  it("are node-postgres's own lost-connection and timeout errors, which carry no code", () => {
    const messages = [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'timeout expired',
      'timeout exceeded when trying to connect',
      'Query read timeout',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
    ];
    for (const message of messages) expect(isConnectionFailure(new Error(message)), message).toBe(true);
    expect(
      isConnectionFailure(
        new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      ),
    ).toBe(true);
  });

  it('are found inside an AggregateError (several addresses) and along the cause chain', () => {
    const refused = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    ];
    expect(isConnectionFailure(new AggregateError(refused, ''))).toBe(true);
    expect(isConnectionFailure(new Error('wrapped', { cause: withCode('ECONNRESET', 'read ECONNRESET') }))).toBe(true);
  });

  it('are not a wrong statement, a refused login or a bug', () => {
    const others: unknown[] = [
      serverError('23505', 'duplicate key value violates unique constraint "users_pkey"'),
      serverError('42601', 'syntax error at or near "selec"'),
      serverError('42P01', 'relation "nope" does not exist'),
      serverError('28P01', 'password authentication failed for user "app"'),
      serverError('3D000', 'database "nope" does not exist'),
      serverError('40001', 'could not serialize access due to concurrent update'),
      new TypeError("Cannot read properties of undefined (reading 'user_uid')"),
      new ApiError(404, 'NOT_FOUND', 'Connection terminated was not found.'),
      'Connection terminated',
      null,
      undefined,
    ];
    for (const error of others) expect(isConnectionFailure(error), String(error)).toBe(false);
  });
});

describe('DatabaseUnavailableError', () => {
  it('wraps a connection-class failure with a one-line reason and keeps the driver error as its cause', () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const wrapped = asUnavailable(refused);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(wrapped).toMatchObject({ reason: 'connect ECONNREFUSED 127.0.0.1:5432', cause: refused });
    expect(asUnavailable(wrapped)).toBe(wrapped);
  });

  it('leaves every other error exactly as it was', () => {
    const duplicate = serverError('23505', 'duplicate key value violates unique constraint "users_pkey"');
    expect(asUnavailable(duplicate)).toBe(duplicate);
  });

  it('describes the driver error in one short line with its code and without a stack', () => {
    expect(describeFailure(serverError('57P01', 'terminating connection due to administrator command'))).toBe(
      '57P01 terminating connection due to administrator command',
    );
    expect(describeFailure(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(describeFailure(new AggregateError([withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], ''))).toBe(
      'connect ECONNREFUSED ::1:5432',
    );
    expect(describeFailure(new Error('two\n   lines'))).toBe('two lines');
    expect(describeFailure(new Error('x'.repeat(500))).length).toBeLessThanOrEqual(200);
  });

  it('is what the adapter throws when nothing listens at the address', async () => {
    const port = await freePort();
    const started = performance.now();
    const lines: string[] = [];
    const opening = openPostgres(`postgres://nobody@127.0.0.1:${port}/none`, {
      connectTimeoutMs: 2_000,
      log: (line) => lines.push(line),
    });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(opening).rejects.toMatchObject({ reason: expect.stringContaining('ECONNREFUSED') });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lines).toEqual([]);
  });
});

describe('the availability log', () => {
  it('says once that the database is gone and once that it is back, however many failures come between', () => {
    const lines: string[] = [];
    let now = 1_000;
    const availability = availabilityLog(
      (line) => lines.push(line),
      () => now,
    );
    availability.answered();
    availability.failed(serverError('57P01', 'terminating connection due to administrator command'));
    availability.failed(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    now += 4_250;
    availability.answered();
    availability.answered();
    expect(lines).toEqual([
      'database unavailable: 57P01 terminating connection due to administrator command',
      'database available again after 4.3s',
    ]);
  });
});
