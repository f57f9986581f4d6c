import {
  isSchema,
  pathOf,
  type AnswerOf,
  type Endpoint,
  type JsonBodyOf,
  type ParamsOf,
  type QueryOf,
  type RawBody,
} from '../src/api/endpoint';
import { traceparent } from './trace';

/**
 * The one HTTP client of the browser code (decisions 0029, 0054): fetch with the site's cookies, JSON in and out, and
 * one error type for every failed call. Pages call the API with `call(endpoint, { params, query, body })`, an entry
 * of the endpoint table, and get its answer parsed by the entry's schema. It imports no zod at run time: the shell
 * ships without zod, and the schemas come with the entries a page imports.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a person reads when a call fails without the server's own sentence (a proxy's page, an empty body, an answer
 * that is not what the page expected): words for the kind of failure, never a status code or a body.
 */
export function failureSentence(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'We could not find what you asked for. It may have been removed.';
  if (status === 409) return 'That clashes with something already saved. Reload the page and try again.';
  if (status === 413) return 'That was too large for the server to accept.';
  if (status === 429) return 'Too many attempts in a short time. Please wait a few minutes and try again.';
  if (status >= 400 && status < 500)
    return 'The server could not accept that. Please check what you entered and try again.';
  return 'Something went wrong on our side. Please try again in a moment.';
}

/** A call that never got an answer (offline, the server unreachable), in words. */
export const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/**
 * A failed call. Its text is a sentence a person can read: the server's `message` when it sent one, else words for
 * the status (this replaced docs/spec/site-and-accounts.md §8's "status: body"); the status, the raw body and the
 * server's per-field `errors` (the API's error body, ErrorResponseSchema) stay on the error for code and for the
 * forms that put them at their fields. An answer that is OK but not the expected shape is one too, with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    options?: ErrorOptions,
  ) {
    super(serverMessage || failureSentence(status), options);
    this.name = 'HttpError';
  }
}

/**
 * Each remote bundles its own copy of contracts, so an error thrown by the shell's session store is not an
 * `instanceof` a remote's class: recognise it by shape instead.
 */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && error.name === 'HttpError' && typeof (error as HttpError).status === 'number';
}

/** "The error message" of site-and-accounts §8's toasts: a failed call's sentence, or the error's own text. */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The server's own sentence when it sent one (the dashboard's messages, where the spec is silent), else errorText. */
export const serverErrorText = (error: unknown, fallback: string): string =>
  (isHttpError(error) ? error.serverMessage : undefined) ?? errorText(error, fallback);

function failure(res: Response, text: string): HttpError {
  let message: string | undefined;
  const fields: Record<string, string> = {};
  try {
    const parsed = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    if (parsed.errors && typeof parsed.errors === 'object') {
      for (const [field, value] of Object.entries(parsed.errors)) if (typeof value === 'string') fields[field] = value;
    }
  } catch {
    // Not JSON (a proxy's page, an empty body): the text alone says what happened.
  }
  return new HttpError(res.status, text || res.statusText, message, fields);
}

/** What a response schema must offer; every zod schema does. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface RequestOptions<T> extends Omit<RequestInit, 'method' | 'body' | 'credentials'> {
  method?: HttpMethod;
  /** Sent as JSON; a Blob (a file) is sent as it is, as `application/octet-stream` unless `headers` say otherwise. */
  body?: unknown;
  /** Checks the answer: a malformed one is an HttpError, not a crash further down. */
  schema?: ResponseSchema<T>;
}

/**
 * An endpoint's method and path, typed by its entry (`address<typeof endpoints.login>('POST', '/api/login')`): for
 * code that must not bundle the table's schemas, the shell's first load (decision 0029). A path or method that is not
 * the entry's fails to compile, and the answer has the entry's type, but it is not checked when it arrives.
 */
export interface Address<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the entry's type. */
  readonly entry?: E;
}
export const address = <E extends Endpoint>(method: E['method'], path: E['path']): Address<E> => ({ method, path });

/** A part of a call: absent when the endpoint has none, optional when all of it is, else required. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : Record<never, never> extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** The body of a call: the JSON schema's input, or the file itself for an endpoint that takes raw bytes. */
export type BodyOf<E extends Endpoint> = E['body'] extends RawBody ? Blob : JsonBodyOf<E>;

export type CallOptions<E extends Endpoint> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  Pick<RequestInit, 'signal' | 'cache'> & { headers?: Record<string, string> };

/** The options argument: optional when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends Omit<CallOptions<E>, 'signal' | 'cache' | 'headers'>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

/** "items.0.role: Invalid option", up to three of a failed check's issues. */
function issuesText(error: unknown): string {
  const issues = (error as { issues?: { path?: PropertyKey[]; message?: string }[] } | null)?.issues ?? [];
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path?.length ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message ?? ''}`);
  return issues.length > 3 ? `${shown.join('; ')}; and ${issues.length - 3} more` : shown.join('; ');
}

/** Why an answer was refused, named by its call, for the console and the error's `cause`. */
const mismatch = (call: string, status: number, error: unknown) =>
  new Error(`The answer to ${call} (${status}) does not match its schema: ${issuesText(error)}`, { cause: error });

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The file name of a `Content-Disposition: attachment` answer: the RFC 5987 `filename*` first, else `filename`. */
export function attachmentName(disposition: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Not valid percent-encoding: the plain name, if any, follows.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] || undefined;
}

/**
 * The fetch itself; a call that never got an answer says so in words (the browser's own "Failed to fetch" or
 * "NetworkError when attempting to fetch resource." is no sentence for a person). An abort stays an abort.
 */
async function reach(go: () => Promise<Response>): Promise<Response> {
  try {
    return await go();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new TypeError(UNREACHABLE, { cause: error });
  }
}

/** `fetchImpl` is read at each call, so tests may stub the global fetch after the client is made. */
export function createHttpClient(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, schema, headers, ...init } = options;
    const raw = typeof Blob !== 'undefined' && body instanceof Blob;
    const res = await reach(() =>
      fetchImpl(path, {
        ...init,
        method,
        credentials: 'include',
        // Every call carries the page load's trace (decision 0088), so the gateway's spans join it.
        headers:
          body === undefined
            ? { traceparent: traceparent(), ...headers }
            : {
                traceparent: traceparent(),
                'Content-Type': raw ? 'application/octet-stream' : 'application/json',
                ...headers,
              },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    if (!res.ok) throw failure(res, text);
    let data: unknown = null;
    try {
      if (text) data = JSON.parse(text);
    } catch (cause) {
      throw new HttpError(res.status, text, undefined, {}, { cause });
    }
    if (!schema) return data as T;
    const checked = schema.safeParse(data);
    if (!checked.success)
      throw new HttpError(
        res.status,
        text,
        undefined,
        {},
        { cause: mismatch(`${method} ${path}`, res.status, checked.error) },
      );
    return checked.data;
  }
  /**
   * Calls an endpoint of the table: the path with its parameters and query, the body as JSON (or the file itself),
   * and the answer parsed by the entry's schema, so what arrives has the entry's type or is an HttpError saying which
   * fields did not match. An `address` (the shell's) has no schema: its answer is typed, not checked.
   */
  async function call<E extends Endpoint>(target: E | Address<E>, ...[options]: CallArgs<E>): Promise<AnswerOf<E>> {
    const { params, query, body, ...init } = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
    } & Omit<RequestOptions<unknown>, 'body'>;
    const answer = 'answer' in target ? (target as Endpoint).answer : undefined;
    const schema = answer !== undefined && isSchema(answer) ? (answer as ResponseSchema<AnswerOf<E>>) : undefined;
    return request<AnswerOf<E>>(pathOf(target, params, query), { ...init, method: target.method, body, schema });
  }
  /**
   * Makes a call whose answer the page does not read, only whether it succeeded (the lead forms: site spec, "only the
   * ok status is read"): a failure is an HttpError as for `call`, a success resolves to nothing, so there is no
   * answer to trust unchecked. The answer must still be JSON, as every answer of the API is.
   */
  async function send<E extends Endpoint>(target: E, ...args: CallArgs<E>): Promise<void> {
    await call({ method: target.method, path: target.path } as Address<E>, ...(args as unknown as CallArgs<Endpoint>));
  }
  /**
   * A file the API sends as a download (a CSV export): its bytes and the name the server gave it. Failures are the
   * same HttpError as any call's, so a page can show the server's sentence where a plain link would only fail.
   */
  async function download<E extends Endpoint & { answer: { file: string } }>(
    target: string | E,
    ...[options]: [] | CallArgs<E>
  ): Promise<{ blob: Blob; name: string | undefined }> {
    const { params, query } = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined>;
    };
    const path = typeof target === 'string' ? target : pathOf(target, params, query);
    const res = await reach(() => fetchImpl(path, { method: 'GET', credentials: 'include' }));
    if (!res.ok) throw failure(res, await res.text());
    return { blob: await res.blob(), name: attachmentName(res.headers.get('content-disposition')) };
  }
  type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
  return {
    request,
    call,
    send,
    download,
    get: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** The client every page uses: the browser's fetch, with the site's cookies. */
export const http = createHttpClient();
/** `http.call`: an endpoint of the table, its answer parsed (see createHttpClient). */
export const call = http.call;
/** `http.send`: an endpoint of the table whose answer is not read, only its success (see createHttpClient). */
export const send = http.send;
