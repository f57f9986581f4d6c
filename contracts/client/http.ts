/**
 * The one HTTP client of the browser code (decision 0029): fetch with the site's cookies, JSON in and out, and one
 * error type for every failed call. It imports no zod at run time: the shell ships without zod, and a remote that
 * wants an answer checked passes its contracts schema (anything with zod's `safeParse`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A failed call. Its text is the status code, a colon, then the body text or the status text (site-and-accounts
 * §8); the server's `message` and per-field `errors` (the API's error body, ErrorResponseSchema) are lifted out
 * for the forms that show them. An answer that is OK but not the expected shape is one too, with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    options?: ErrorOptions,
  ) {
    super(`${status}: ${body}`, options);
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

/** "The error message" of site-and-accounts §8's toasts: a failed call's "status: body", or the error's own text. */
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

/** `fetchImpl` is read at each call, so tests may stub the global fetch after the client is made. */
export function createHttpClient(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, schema, headers, ...init } = options;
    const raw = typeof Blob !== 'undefined' && body instanceof Blob;
    const res = await fetchImpl(path, {
      ...init,
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? headers
          : { 'Content-Type': raw ? 'application/octet-stream' : 'application/json', ...headers },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
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
    if (!checked.success) throw new HttpError(res.status, text, undefined, {}, { cause: checked.error });
    return checked.data;
  }
  /**
   * A file the API sends as a download (a CSV export): its bytes and the name the server gave it. Failures are the
   * same HttpError as any call's, so a page can show the server's sentence where a plain link would only fail.
   */
  async function download(path: string): Promise<{ blob: Blob; name: string | undefined }> {
    const res = await fetchImpl(path, { method: 'GET', credentials: 'include' });
    if (!res.ok) throw failure(res, await res.text());
    return { blob: await res.blob(), name: attachmentName(res.headers.get('content-disposition')) };
  }
  type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
  return {
    request,
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
