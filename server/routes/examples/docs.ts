import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the docs operations, from the seeded demo data. */
export const docsExamples: ExamplesByOperation = {
  'GET /openapi.json': {
    responses: {
      200: {
        openapi: '3.1.0',
        info: {
          title: 'Resume payments API',
          version: '0.1.0',
          description:
            'The API of the subscription and payments app, under `/api`, and the pages this server serves besides. Every refusal carries the one error body (ApiError).',
        },
        paths: {
          '/api/health': {
            get: {
              operationId: 'getHealth',
              summary: 'Whether this process can serve: it answers, and so does its database',
              tags: ['health'],
              security: [{}, { session: [] }],
              responses: {
                200: {
                  description: 'OK',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: {
                          ok: { type: 'boolean', const: true },
                          database: { type: 'string', const: 'up' },
                          kind: { type: 'string', enum: ['pglite', 'postgres'] },
                        },
                        required: ['ok', 'database', 'kind'],
                        additionalProperties: false,
                      },
                    },
                  },
                },
                500: { $ref: '#/components/responses/InternalError' },
                503: {
                  description: 'See the schema',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: {
                          error: {
                            type: 'object',
                            properties: {
                              code: { type: 'string' },
                              message: { type: 'string' },
                              fields: {
                                type: 'object',
                                propertyNames: { type: 'string' },
                                additionalProperties: { type: 'string' },
                              },
                              requestId: { type: 'string' },
                            },
                            required: ['code', 'message'],
                            additionalProperties: false,
                          },
                          database: { type: 'string', const: 'down' },
                        },
                        required: ['error', 'database'],
                        additionalProperties: false,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  'GET /docs/:asset': { params: { asset: 'swagger-ui.css' } },
};
