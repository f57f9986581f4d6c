/**
 * Error thrown for a non-OK answer. Its text is the status code, a colon, then the body text, or the status text
 * when the body is empty (site-and-accounts §8); the server's `message` is kept apart for the few places that show
 * it alone.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | undefined,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** POSTs JSON with cookies and returns the parsed answer; any non-OK status is an ApiError. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, text || res.statusText, message);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The server's own words when it refused for too many requests (429): they say when to come back, which a generic
 * "please try again" would contradict. Undefined for any other failure, so a form keeps its usual text.
 */
export const tooManyRequestsMessage = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 429 ? error.serverMessage : undefined;
