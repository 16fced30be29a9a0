import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { TrieRouter } from 'hono/router/trie-router';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/openapi/document';

type Json = Record<string, any>;

/** Replaces `#/components/...` references with what they name, so a schema compiles on its own. */
function resolveRefs(node: unknown, document: OpenApiDocument): any {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, document));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) {
    const [kind, name] = ref.slice('#/components/'.length).split('/');
    return resolveRefs(document.components[kind!]![name!], document);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(value, document)]));
}

const mediaTypeOf = (response: Response) =>
  (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Checks an answer against the OpenAPI document: its status must be documented for the call, and
 * a JSON body must match the documented schema. Calls the document does not name are left alone,
 * except that a JSON answer under the API base must be the one error body.
 */
export function createResponseCheck(document: OpenApiDocument, apiBase: string) {
  const router = new TrieRouter<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) router.add(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'), path);
  }
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: unknown) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(resolveRefs(schema, document));
      validators.set(key, validate);
    }
    return validate;
  };
  const errorSchema = document.components.schemas!.ApiError;

  return async function checkResponse(method: string, pathname: string, response: Response): Promise<void> {
    if (method === 'HEAD' || method === 'OPTIONS') return;
    const isJson = mediaTypeOf(response) === 'application/json';
    const [[match] = []] = router.match(method, pathname) as unknown as [[string, unknown][]];
    const call = `${method} ${pathname}`;
    if (!match) {
      if (isJson && pathname.startsWith(`${apiBase}/`))
        expectValid(
          validatorFor('ApiError', errorSchema),
          await response.clone().json(),
          `${call} (${response.status}, no such call)`,
        );
      return;
    }
    const path = match[0];
    const operation = document.paths[path]![method.toLowerCase()]!;
    const documented = resolveRefs(operation.responses[String(response.status)], document) as Json | undefined;
    if (!documented)
      throw new Error(
        `${call} answered ${response.status}, which the document does not list for ${method} ${path} (it lists ${Object.keys(operation.responses).join(', ')}).`,
      );
    const content = (documented.content ?? {}) as Record<string, { schema?: unknown }>;
    const text = await response.clone().text();
    if (!text) return;
    const mediaType = mediaTypeOf(response);
    if (!(mediaType in content))
      throw new Error(
        `${call} answered ${response.status} with ${mediaType || 'a body of no type'}, which the document does not list (${Object.keys(content).join(', ') || 'no body'}).`,
      );
    if (isJson && content[mediaType]!.schema) {
      expectValid(
        validatorFor(`${method} ${path} ${response.status}`, content[mediaType]!.schema),
        JSON.parse(text),
        `${call} (${response.status})`,
      );
    }
  };
}

function expectValid(validate: ValidateFunction, body: unknown, what: string) {
  if (validate(body)) return;
  const problems = (validate.errors ?? []).map(
    (e) =>
      `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
  throw new Error(
    `${what}: the body does not match its documented schema: ${problems.join('; ')}\n${JSON.stringify(body).slice(0, 2000)}`,
  );
}

/** The response check for an app as built: its own route table, documented the way the server publishes it. */
export function responseCheckFor(app: { routes: Parameters<typeof buildOpenApiDocument>[0] }, apiBase: string) {
  return createResponseCheck(buildOpenApiDocument(app.routes, { apiBase }), apiBase);
}
