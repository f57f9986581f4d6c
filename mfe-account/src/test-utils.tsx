import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderWithHost as renderAtRoute } from '@agency/contracts/testing';
import { QueryProvider } from './lib/query-client';

/**
 * A fetch answering by "METHOD path" from a table; every call is recorded with its JSON body; a file sent as it is
 * (an upload) is recorded as that Blob, with the Content-Type it went with.
 */
/**
 * The editors keep drafts (decision 0063): unless a test's table says otherwise, there are none and each is kept.
 */
function draftsFake(key: string): [number, unknown] | undefined {
  if (key === 'GET /api/admin/content-drafts') return [200, { items: [] }];
  const draft = /^(PUT|DELETE) \/api\/admin\/content-drafts\/([\w-]+)\/(\d+)$/.exec(key);
  if (!draft) return undefined;
  if (draft[1] === 'DELETE') return [200, { message: 'Draft discarded' }];
  return [
    200,
    { kind: draft[2], itemId: Number(draft[3]), values: {}, updatedAt: new Date().toISOString(), version: 1 },
  ];
}

export function routeFetch(table: Record<string, [number, unknown]>) {
  const calls: { key: string; body: unknown; contentType?: string | null }[] = [];
  const impl = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(path)}`;
    const raw = init?.body instanceof Blob;
    calls.push({
      key,
      body: raw ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
      contentType: raw ? new Headers(init.headers).get('Content-Type') : undefined,
    });
    const [status, body] = table[key] ?? draftsFake(key) ?? [404, { message: `no fake for ${key}` }];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', impl);
  return calls;
}

/** Renders `ui` at `url` with a recording host, inside the dashboard's query provider. */
export const renderWithHost = (ui: ReactElement, { url = '/' }: { url?: string } = {}) =>
  renderAtRoute(ui, { url, wrap: (page) => <QueryProvider>{page}</QueryProvider> });
