import { Hono, type Context, type MiddlewareHandler, type TypedResponse } from 'hono';
import type { ClientErrorStatusCode, ContentfulStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { API_PREFIX, isSchema, type Access, type Endpoint, type WireAnswerOf } from '@agency/contracts';
import { masterAdminOnly, signedInOnly, staffOnly } from './guards/access';
import type { AuthEnv } from './guards/session';
import { deployTokenOnly } from './guards/deploy-token-auth';
import { freshFactorForStaffRole, freshSecondFactor } from './guards/step-up';
import { rawBody } from './json-only';
import { validate } from './validate';

/**
 * Routes registered from the endpoint table (decision 0054): method and path come from the entry, and so do the
 * access guard and the validators, so what the gateway checks is what the table (and the OpenAPI document) says.
 * A handler's JSON answers must have the entry's answer type, or be the API's error body with a 4xx or 5xx status:
 * a field renamed in the contracts schema and not here fails to compile.
 */

/** The route's path as the API sub-app registers it (the API is mounted under /api). */
type RoutePath<E extends Endpoint> = E['path'] extends `${typeof API_PREFIX}${infer P}` ? P : never;

type None = Record<never, never>;
type Valid<E extends Endpoint> = (E['params'] extends z.ZodType ? { param: z.output<E['params']> } : None) &
  (E['query'] extends z.ZodType ? { query: z.output<E['query']> } : None) &
  (E['body'] extends z.ZodType ? { json: z.output<E['body']> } : None);

/** The API's error body (ErrorResponseSchema) with an error status. */
type Failure = TypedResponse<
  { message: string; errors?: Record<string, string> },
  ClientErrorStatusCode | ServerErrorStatusCode,
  'json'
>;

/** What a handler may answer: the entry's JSON, its empty 204, or (for a file) any response; or a failure. */
export type Answered<E extends Endpoint> =
  | Failure
  | (E['answer'] extends z.ZodType
      ? TypedResponse<WireAnswerOf<E>, ContentfulStatusCode, 'json'>
      : E['answer'] extends 'no-content'
        ? TypedResponse<null, 204, 'body'>
        : Response);

export type EndpointContext<E extends Endpoint> = Context<AuthEnv, RoutePath<E>, { out: Valid<E> }>;
export type EndpointHandler<E extends Endpoint> = (c: EndpointContext<E>) => Answered<E> | Promise<Answered<E>>;

export interface RouteOptions {
  /** After the access guard, before the input is read: a route's own body limit (platform/http/json-only.ts). */
  beforeInput?: MiddlewareHandler<AuthEnv>[];
  /** After the input was found valid, before the handler: a limit that counts only valid requests. */
  afterInput?: MiddlewareHandler<AuthEnv>[];
}

const GUARDS: Record<Access, MiddlewareHandler<AuthEnv>[]> = {
  anyone: [],
  'signed-in': [signedInOnly],
  staff: [staffOnly],
  'master-admin': [masterAdminOnly],
  'deploy-token': [deployTokenOnly],
};

/**
 * The middleware chain of an entry's route: guard (with the step-up of a sensitive action), own limits, validators
 * (params, query, body), a step-up that depends on the body, then the rest.
 */
export function chainOf(endpoint: Endpoint, { beforeInput = [], afterInput = [] }: RouteOptions = {}) {
  return [
    ...(endpoint.body !== undefined && !isSchema(endpoint.body) ? [rawBody] : []),
    ...GUARDS[endpoint.access],
    ...(endpoint.stepUp === true ? [freshSecondFactor] : []),
    ...beforeInput,
    ...(endpoint.params ? [validate('param', endpoint.params)] : []),
    ...(endpoint.query ? [validate('query', endpoint.query)] : []),
    ...(isSchema(endpoint.body) ? [validate('json', endpoint.body)] : []),
    // A step-up that depends on what was asked (a staff role) reads the valid body.
    ...(endpoint.stepUp === 'staff-role' ? [freshFactorForStaffRole] : []),
    ...afterInput,
  ] as MiddlewareHandler<AuthEnv>[];
}

/**
 * Tests turn this on (test/check-answers.ts) before they build an app: every JSON answer of a success is parsed with its entry's answer
 * schema, as the browser's client (`call`) parses it, and one the client would refuse fails the request. The types
 * catch a renamed field; this catches what a cast lets through (a null where the schema has no null), which the
 * dashboard shows as "Could not load this".
 */
let answersChecked = false;
export const checkAnswers = (on: boolean) => {
  answersChecked = on;
};

const answerCheck =
  (endpoint: Endpoint): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    await next();
    const schema = endpoint.answer;
    if (!isSchema(schema) || !c.res.ok) return;
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const parsed = schema.safeParse(await c.res.clone().json());
    if (!parsed.success)
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered what its schema refuses: ${JSON.stringify(parsed.error.issues)}`,
      );
  };

/** A sub-app of the API whose every route is an entry of the endpoint table. */
export class EndpointRoutes {
  readonly app = new Hono<AuthEnv>();

  on<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): this;
  on<E extends Endpoint>(endpoint: E, options: RouteOptions, handler: EndpointHandler<E>): this;
  on(endpoint: Endpoint, ...args: [EndpointHandler<Endpoint>] | [RouteOptions, EndpointHandler<Endpoint>]): this {
    const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
    const register = this.app.on as unknown as (method: string, path: string, ...handlers: unknown[]) => void;
    register.call(
      this.app,
      endpoint.method,
      endpoint.path.slice(API_PREFIX.length),
      // Only where tests turned it on before the app was built: production requests never pass through it.
      ...(answersChecked ? [answerCheck(endpoint)] : []),
      ...chainOf(endpoint, options),
      handler,
    );
    return this;
  }
}

export const endpointRoutes = () => new EndpointRoutes();
