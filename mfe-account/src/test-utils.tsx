import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { defaultPublicConfig } from '@agency/contracts';
import { HostProvider, createSessionStore, type HostApi } from '@agency/contracts/client';
import { QueryProvider } from './lib/query-client';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

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

/** Renders `ui` at `url` with a recording host whose session store talks to the (stubbed) global fetch. */
export function renderWithHost(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const host = {
    config: defaultPublicConfig,
    toast: vi.fn<HostApi['toast']>(),
    track: vi.fn<HostApi['track']>(),
    loadRemote: vi.fn((id: string) =>
      Promise.reject(new Error(`${id} is not available in tests`)),
    ) as HostApi['loadRemote'],
    session: createSessionStore(),
  };
  const path = url.split('?')[0]!;
  const view = render(
    <HostProvider host={host satisfies HostApi}>
      <QueryProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
    </HostProvider>,
  );
  return { ...view, host };
}
