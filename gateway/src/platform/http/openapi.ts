import { z } from 'zod';
import { SUMMARIES } from './openapi-summaries';
import {
  endpoints,
  ErrorResponseSchema,
  isSchema,
  pathParamNames,
  portalOnly,
  type Access,
  type Endpoint,
} from '@agency/contracts';

/**
 * The API as an OpenAPI 3.1 document (decision 0054), generated from the endpoint table with zod's own JSON Schema
 * output: every path and method the gateway serves, who may call it, its parameters, body and answers. Built once
 * per gateway; it holds no data and changes only with a deploy.
 */

type JsonSchema = Record<string, unknown>;

const ACCESS: Record<Access, { tag: string; words: string }> = {
  anyone: { tag: 'Public', words: 'Anyone may call it.' },
  'signed-in': { tag: 'Signed in', words: 'Needs a signed-in session (401 without one).' },
  staff: { tag: 'Staff', words: 'Staff only: admins and master admins (401 signed out, 403 for clients).' },
  'master-admin': { tag: 'Master admin', words: 'Master admins only (401 signed out, 403 for everyone else).' },
  'deploy-token': {
    tag: 'Release pipeline',
    words:
      "A deploy token for the path's remote as `Authorization: Bearer <token>` (401 unknown, revoked or expired; 403 " +
      'for another remote). Never a session cookie.',
  },
};

/**
 * What a generated client must send: nothing (an explicit empty list, so a client sends no credential), the session
 * cookie, or the pipeline's bearer deploy token, which is never a cookie (decision 0059).
 */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  anyone: [],
  'signed-in': [{ session: [] }],
  staff: [{ session: [] }],
  'master-admin': [{ session: [] }],
  'deploy-token': [{ deployToken: [] }],
};

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a request may send (`input`) or what an answer holds
 * (`output`). A step JSON Schema cannot say (a transform before the check) reads as "any value" there; the gateway
 * still checks it.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Query or path parameters, one per property of the schema's object. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const mediaTypes = (types: readonly string[], schema: JsonSchema) =>
  Object.fromEntries(types.map((type) => [type, { schema }]));
const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

function requestBody(endpoint: Endpoint) {
  if (!endpoint.body) return undefined;
  if (isSchema(endpoint.body))
    return { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } };
  return { required: true, content: mediaTypes(endpoint.body.raw, BINARY) };
}

function responses(endpoint: Endpoint) {
  const { answer } = endpoint;
  const statuses = endpoint.status ?? [answer === 'no-content' ? 204 : 200];
  const content =
    answer === 'no-content'
      ? undefined
      : isSchema(answer)
        ? { 'application/json': { schema: jsonSchema(answer, 'output') } }
        : mediaTypes([answer.file], BINARY);
  const error = { $ref: '#/components/responses/Error' };
  return {
    ...Object.fromEntries(statuses.map((status) => [status, { description: STATUS_TEXT[status], content }])),
    ...(endpoint.access === 'anyone' ? {} : { 401: error }),
    ...(endpoint.access === 'staff' || endpoint.access === 'master-admin' || endpoint.stepUp ? { 403: error } : {}),
    '4XX': error,
    '5XX': error,
  };
}

function operation(id: string, endpoint: Endpoint, portal: { url: string; description: string }[]) {
  const access = ACCESS[endpoint.access];
  return {
    operationId: id,
    // Whatever takes a session or answers personal data is answered at the portal's origin only (decision 0077).
    ...(portalOnly(endpoint) ? { servers: portal } : {}),
    summary: SUMMARIES[id as keyof typeof SUMMARIES],
    description:
      endpoint.stepUp === 'staff-role'
        ? `${access.words} Asking for a staff role needs a second factor proved within the last 15 minutes (a step-up).`
        : endpoint.stepUp
          ? `${access.words} A second factor proved within the last 15 minutes (a step-up) is required too.`
          : access.words,
    ...(endpoint.stepUp ? { 'x-step-up': endpoint.stepUp } : {}),
    tags: [access.tag],
    'x-access': endpoint.access,
    security: SECURITY[endpoint.access],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    ...(endpoint.body ? { requestBody: requestBody(endpoint) } : {}),
    responses: responses(endpoint),
  };
}

/** `/api/admin/users/:id/role` as OpenAPI writes it: `/api/admin/users/{id}/role`. */
export const openApiPath = (path: string) =>
  pathParamNames(path).reduce((p, name) => p.replace(`:${name}`, `{${name}}`), path);

export function openApiDocument({
  origin,
  portalOrigin,
  sessionCookie,
}: {
  origin: string;
  portalOrigin: string;
  sessionCookie: string;
}) {
  const portal = [{ url: portalOrigin, description: 'The portal: sign-in and everything that needs it.' }];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(id, endpoint, portal) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Be Loud Digital API',
      version: '1',
      description:
        'The public website and client portal API. Bodies are JSON unless an operation says otherwise; invalid input ' +
        'is a 400 naming each field in `errors`; public writes are limited per client address (429 with Retry-After). ' +
        'Operations that take a session or answer with personal data are served at the portal origin only (their ' +
        '`servers`); the public origin answers them 421.',
    },
    servers: [{ url: origin, description: 'The public site.' }, ...portal],
    tags: Object.values(ACCESS).map(({ tag, words }) => ({ name: tag, description: words })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description: "The session cookie POST /api/login sets: host-only, on the portal's origin.",
        },
        deployToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A remote's deploy token (`agd_<remote>_...`), made in the Releases tab or with `pnpm remotes token create`.",
        },
      },
      responses: {
        Error: {
          description: 'A sentence to show, and one per invalid field.',
          content: { 'application/json': { schema: jsonSchema(ErrorResponseSchema, 'output') } },
        },
      },
    },
  };
}
