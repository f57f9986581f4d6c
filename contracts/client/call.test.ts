import { describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../src/api/endpoint';
import * as endpoints from '../src/api/endpoints';
import { address, createHttpClient, HttpError } from './http';

/** A fetch answering with one status and body, recording what it was asked. */
function answer(status: number, body: unknown) {
  const impl = vi.fn(
    async (_path: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  return { http: createHttpClient(impl as unknown as typeof fetch), impl };
}

const user = { id: 3, username: 'aroha', email: 'aroha@example.nz', role: 'client' };

describe('call', () => {
  it('builds the call from the entry: method, path with its parameters, query, body; the answer parsed', async () => {
    const { http, impl } = answer(200, { ...user, role: 'admin', extra: 'dropped' });
    const changed = await http.call(endpoints.changeRole, { params: { id: 3 }, body: { role: 'admin' } });
    expect(changed).toEqual({ ...user, role: 'admin' });
    const [path, init] = impl.mock.calls[0]!;
    expect(path).toBe('/api/admin/users/3/role');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"role":"admin"}' });

    await answer(200, { items: [], total: 0, page: 2, pageSize: 12 }).http.call(endpoints.reports, {
      query: { pageSize: 12, page: 2, clientId: undefined },
    });
  });

  it('reports an answer that does not match the entry clearly: the call, the status and each field', async () => {
    const { http } = answer(200, {
      items: [{ ...user, role: 'owner', createdAt: 7 }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const error = await http.call(endpoints.adminUsers, { query: { page: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, name: 'HttpError' });
    const cause = (error as HttpError).cause as Error;
    expect(cause.message).toMatch(/^The answer to GET \/api\/admin\/users\?page=1 \(200\) does not match its schema: /);
    expect(cause.message).toContain('items.0.role: ');
    expect(cause.message).toContain('items.0.createdAt: ');
  });

  it('sends a file as it is, with its own type, for an entry that takes raw bytes', async () => {
    const { http, impl } = answer(201, { url: '/content-images/x.png', type: 'image/png', size: 4 });
    const file = new Blob(['\x89PNG'], { type: 'image/png' });
    await http.call(endpoints.uploadContentImage, { body: file, headers: { 'Content-Type': 'image/png' } });
    expect(impl.mock.calls[0]![1]).toMatchObject({ body: file, headers: { 'Content-Type': 'image/png' } });
  });

  it("types an address by the table's entry and leaves its answer unchecked (the shell's zod-free calls)", async () => {
    const { http, impl } = answer(200, { surprise: true });
    const me = address<typeof endpoints.currentUser>('GET', '/api/auth/user');
    expect(await http.call(me)).toEqual({ surprise: true });
    expect(impl.mock.calls[0]![0]).toBe('/api/auth/user');
  });

  it('send resolves to nothing on success, whatever JSON the answer holds, and fails like any call', async () => {
    const body = { businessName: 'B', contactName: 'C', contactEmail: 'c@b.nz', servicesInterested: ['seo' as const] };
    await expect(answer(201, { id: 'not a number' }).http.send(endpoints.submitEnquiry, { body })).resolves.toBe(
      undefined,
    );
    const refused = await answer(429, { message: 'Slow down.' })
      .http.send(endpoints.submitEnquiry, { body })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, serverMessage: 'Slow down.' });
  });

  it('downloads the file of an entry that answers one, from its query', async () => {
    const impl = vi.fn(
      async () => new Response('id\r\n', { headers: { 'content-disposition': 'attachment; filename="a.csv"' } }),
    );
    const http = createHttpClient(impl as unknown as typeof fetch);
    const file = await http.download(endpoints.exportLeads, { query: { type: 'quote', status: 'sent' } });
    expect(file.name).toBe('a.csv');
    expect(impl.mock.calls[0]).toEqual([
      '/api/admin/leads/export.csv?type=quote&status=sent',
      { method: 'GET', credentials: 'include' },
    ]);
  });
});

describe('what the compiler refuses', () => {
  it('a renamed path, field or parameter, and a missing body', () => {
    const http = createHttpClient((async () => new Response('{}')) as typeof fetch);
    // Each line below is a compile error (checked by `pnpm typecheck`); the test only makes sure they stay so.
    // @ts-expect-error: not the entry's path
    address<typeof endpoints.login>('POST', '/api/signin');
    // @ts-expect-error: `rol` is not a field of the body
    void http.call(endpoints.changeRole, { params: { id: 1 }, body: { rol: 'admin' } }).catch(() => {});
    // @ts-expect-error: the entry's parameter is `id`
    void http.call(endpoints.deleteFile, { params: { fileId: 1 } }).catch(() => {});
    // @ts-expect-error: `pages` is not a query parameter of the entry
    void http.call(endpoints.adminUsers, { query: { pages: 2 } }).catch(() => {});
    // @ts-expect-error: the body is required
    void http.call(endpoints.login).catch(() => {});
    const typed = async () => {
      const me = await http.call(endpoints.currentUser);
      // @ts-expect-error: the answer has no `name`, only `username`
      return me.name;
    };
    expect(typed).toBeTypeOf('function');
    expect((endpoints as Record<string, Endpoint>).login!.path).toBe('/api/login');
  });
});
