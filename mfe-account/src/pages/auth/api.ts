/**
 * Spec section 8: a non-OK response raises an error whose text is the status code, a colon, then the body
 * text. The body is our JSON `{ message }`, so the message is lifted out for the toasts.
 */
export async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let message = text || res.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // Not JSON: keep the raw text.
    }
    throw new Error(message || `${res.status}: ${res.statusText}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
