import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderWithHost as renderAtRoute } from '@agency/contracts/testing';
import { QueryProvider } from './lib/query-client';

/** A fetch answering by "METHOD path" from a table; every call is recorded with its JSON body. */
export function routeFetch(table: Record<string, [number, unknown]>) {
  const calls: { key: string; body: unknown }[] = [];
  const impl = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(path)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = table[key] ?? [404, { message: `no fake for ${key}` }];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', impl);
  return calls;
}

/** Renders `ui` at `url` with a recording host, inside the dashboard's query provider. */
export const renderWithHost = (ui: ReactElement, { url = '/' }: { url?: string } = {}) =>
  renderAtRoute(ui, { url, wrap: (page) => <QueryProvider>{page}</QueryProvider> });
