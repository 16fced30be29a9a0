import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/openapi/document';

type Operation = OpenApiDocument['paths'][string][string];

/** The operation a problem points into (`#/paths/~1api~1health/get/responses`). */
function operationAt(document: OpenApiDocument, pointer: string): Operation | undefined {
  const [section, path, method] = pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return section === 'paths' ? document.paths[path!]?.[method!] : undefined;
}

/**
 * What the recommended rules report on purpose, each with why: anything else fails the test.
 * - A redirect is how `/`, the app's base path and the demo sign-in succeed: they have no 2XX.
 * - A call that takes no input and needs no session cannot be refused: it has no 4XX.
 * - The two payment paths are the spec's: `{id}` is a number, so it is never `payment`.
 */
function isAccepted(problem: NormalizedProblem, document: OpenApiDocument): boolean {
  const pointer = problem.location[0]?.pointer ?? '';
  const operation = operationAt(document, pointer);
  switch (problem.ruleId) {
    case 'operation-2xx-response':
      return Boolean(operation && Object.keys(operation.responses).some((status) => status.startsWith('3')));
    case 'operation-4xx-response':
      return Boolean(
        operation &&
        !operation.parameters &&
        !operation.requestBody &&
        (operation.security as object[]).some((s) => Object.keys(s).length === 0),
      );
    case 'no-ambiguous-paths':
      return problem.message.includes('`/api/payments/{userId}/payment/{id}` and `/api/payments/{userId}/{id}/detail`');
    default:
      return false;
  }
}

describe('the OpenAPI document under the recommended lint rules', () => {
  it('has no problem but the accepted ones', async () => {
    const app = createApp({ db: {} as Database, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
    const document = buildOpenApiDocument(app.routes, { apiBase: '/api' });
    // A private app has no licence to name; every tag an operation uses is declared; every example fits its schema.
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        'info-license': 'off',
        'operation-tag-defined': 'error',
        'no-invalid-media-type-examples': 'error',
        'no-invalid-parameter-examples': 'error',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document, null, 2),
      absoluteRef: '/openapi.json',
      config,
    });
    const unexpected = problems
      .filter((problem) => !isAccepted(problem, document))
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(unexpected).toEqual([]);
  });
});
