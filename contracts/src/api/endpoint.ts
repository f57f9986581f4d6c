import type { z } from 'zod';

/**
 * What an entry of the endpoint table (./endpoints.ts, decision 0054) says about one gateway endpoint: the gateway
 * registers its route from it (method, path, access guard, validators) and type-checks its handler's answers against
 * it; the browser's one HTTP client builds the call from it and parses the answer with it; the OpenAPI document at
 * `/api/openapi.json` is generated from it. Types and one pure function only: this module costs a bundle nothing.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the gateway mounts the API; every path of the table starts with it. */
export const API_PREFIX = '/api';

/**
 * Who may call: the gateway checks it before it reads any input, so a stranger learns nothing from a 400. `anyone`
 * routes may still look at who is signed in (registering staff needs a master admin). `deploy-token`: a pipeline's
 * `Authorization: Bearer <token>` for the path's `:remote` (decision 0059), never a session cookie.
 */
export type Access = 'anyone' | 'signed-in' | 'staff' | 'master-admin' | 'deploy-token';

/** A body that is not JSON but the bytes of a file, of one of these media types (`*\/*`: any). */
export interface RawBody {
  readonly raw: readonly string[];
}
/** An answer that is a file to save (a download, a CSV export), of this media type (`*\/*`: any). */
export interface FileAnswer {
  readonly file: string;
}
/** No answer body: 204. */
export type NoContent = 'no-content';

export type SuccessStatus = 200 | 201 | 204;

export interface Endpoint {
  readonly method: EndpointMethod;
  /** With `:name` for each path parameter, e.g. `/api/admin/users/:id/role`. */
  readonly path: `${typeof API_PREFIX}/${string}`;
  readonly access: Access;
  /** An object schema with one key per `:name` of the path. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | RawBody;
  /** The JSON answer's schema (what a success answers), a file, or no content. */
  readonly answer: z.ZodType | FileAnswer | NoContent;
  /** The success statuses it answers with; [200] when absent ([204] for no content). */
  readonly status?: readonly SuccessStatus[];
  /**
   * A sensitive action (decisions 0061, 0083): the session must have proved, within STEP_UP_MS, what its account's
   * sign-in asks for (a second factor; the password or a passkey for a client who is not asked for one), or the
   * gateway answers 403 with `errors.secondFactor` and the page asks for it, then calls again. `'staff-role'`: only
   * when the body asks for a staff role (a master admin registering staff).
   */
  readonly stepUp?: true | 'staff-role';
  /**
   * An `anyone` entry of signing in or out (a password, a reset, a second factor, a passkey): it makes, reads or ends
   * the session, so only the portal origin answers it (decision 0077), as it answers every entry that needs someone
   * signed in.
   */
  readonly signIn?: true;
  /**
   * An `anyone` entry that answers with someone's personal data to whoever holds the token in its link (a copy of
   * their data): only the portal origin answers it (decision 0077), so no page running team code can read it.
   */
  readonly personal?: true;
}

/**
 * Whether only the portal origin answers an entry (decision 0077): it takes a session or answers with what only a
 * signed-in person may see. The public origin, where team code runs, answers such a call 421 and names the portal.
 */
export const portalOnly = (endpoint: Pick<Endpoint, 'access' | 'signIn' | 'personal'>): boolean =>
  endpoint.signIn === true ||
  endpoint.personal === true ||
  endpoint.access === 'signed-in' ||
  endpoint.access === 'staff' ||
  endpoint.access === 'master-admin';

/** How fresh a session's last proof (second factor, or password) must be for an entry marked `stepUp`. */
export const STEP_UP_MS = 15 * 60_000;

/** The `:name` parameters of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters as a caller gives them: each as text or a number. */
export type ParamsOf<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? undefined
  : { readonly [K in PathParamNames<E['path']>]: string | number };

type QueryField<V> = V extends string ? (string extends V ? string | number : V) : string | number;
type QueryShape<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: QueryField<T[K]>;
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: QueryField<Exclude<T[K], undefined>> | undefined;
};
/** A query as a caller gives it: the schema's names (a renamed one fails to compile), each as text or a number. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? QueryShape<z.input<E['query']>> : undefined;

/** A JSON body as a caller sends it (the schema's input); raw bodies are typed by the client (a Blob). */
export type JsonBodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** What a success answers once parsed by the entry's schema; null for no content. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType
  ? z.output<E['answer']>
  : E['answer'] extends NoContent
    ? null
    : never;

/** The JSON a success sends on the wire (what the answer schema reads): the gateway's handlers must answer this. */
export type WireAnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<E['answer']> : never;

export const isSchema = (value: Endpoint['body'] | Endpoint['answer']): value is z.ZodType =>
  typeof value === 'object' && value !== null && 'safeParse' in value;

/** The `:name` parameters of a path, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/**
 * The URL of a call: the path with each parameter filled in (encoded), then the query's defined values in the order
 * given. A parameter the path names but `params` lacks is an error, never the text "undefined" in a URL.
 */
export function pathOf(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string | number | boolean | null | undefined>>,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
