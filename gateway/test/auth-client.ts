import type { Hono } from 'hono';

/** A cookie jar over `app.request`, so a test can act as one browser (or several). */
export function browser(app: Hono, origin?: string) {
  const jar = new Map<string, string>();
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // Not a JSON answer (a download, CSV): tests read `text`.
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    jar,
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    patch: (path: string, body?: unknown) => request('PATCH', path, body),
    put: (path: string, body?: unknown) => request('PUT', path, body),
    del: (path: string) => request('DELETE', path),
  };
}
