import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathParamNames, type Endpoint } from '@agency/contracts';
import { hashPassword } from '../src/areas/accounts/passwords';
import { users } from '../src/platform/db';
import { openApiPath } from '../src/platform/http/openapi';
import { browser, signInFully, withTestApp } from './auth-client';
import { setupApp } from './helpers';

const table = Object.entries(endpoints) as [string, Endpoint][];
const PASSWORD = 'Kahikatea#2025';

let t: Awaited<ReturnType<typeof setupApp>>;
let client: ReturnType<typeof browser>;
let staff: ReturnType<typeof browser>;

beforeAll(async () => {
  t = await setupApp({});
  const password = await hashPassword(PASSWORD);
  await t.db.insert(users).values([
    { username: 'table-client', email: 'client@example.nz', password, role: 'client' },
    { username: 'table-admin', email: 'admin@example.nz', password, role: 'admin' },
  ]);
  client = browser(t.app);
  staff = browser(t.app);
  expect((await client.post('/api/login', { username: 'table-client', password: PASSWORD })).status).toBe(200);
  await withTestApp(t.db, 'table-admin');
  expect((await signInFully(staff, t.db, 'table-admin', PASSWORD)).status).toBe(200);
});
afterAll(() => t.cleanup());

/** A path of an entry with every parameter filled (`1`, or a lead type). */
const filled = (e: Endpoint) => e.path.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'quote' : '1'));

describe('the gateway serves the endpoint table', () => {
  it('registers exactly the routes of the table under /api, no more and no fewer', () => {
    const served = new Set(
      t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(table.map(([, e]) => `${e.method} ${e.path}`));
    expect([...served].sort()).toEqual([...listed].sort());
  });

  it("checks each entry's access before anything else: 401 for a stranger, 403 for a client on staff routes", async () => {
    const stranger = browser(t.app);
    for (const [name, e] of table) {
      if (e.access === 'anyone') continue;
      const method = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'del' } as const;
      expect((await stranger[method[e.method]](filled(e))).status, name).toBe(401);
      if (e.access === 'staff' || e.access === 'master-admin')
        expect((await client[method[e.method]](filled(e))).status, name).toBe(403);
      if (e.access === 'master-admin') expect((await staff[method[e.method]](filled(e))).status, name).toBe(403);
    }
  });

  it("answers reads with the JSON their entries' schemas parse", async () => {
    const reads: [Endpoint, ReturnType<typeof browser>, string][] = [
      [endpoints.currentUser, client, '/api/auth/user'],
      [endpoints.servicePackages, client, '/api/service-packages'],
      [endpoints.caseStudies, client, '/api/case-studies'],
      [endpoints.blogPosts, client, '/api/blog-posts?page=1&pageSize=12'],
      [endpoints.reports, client, '/api/reports'],
      [endpoints.latestMetrics, client, '/api/metrics/latest'],
      [endpoints.files, client, '/api/files'],
      [endpoints.adminClients, staff, '/api/admin/clients'],
      [endpoints.adminLeads, staff, '/api/admin/leads?type=quote'],
      [endpoints.adminBlogPosts, staff, '/api/admin/blog-posts'],
      [endpoints.adminServicePackages, staff, '/api/admin/service-packages'],
      [endpoints.adminCaseStudies, staff, '/api/admin/case-studies'],
      [endpoints.openApi, client, '/api/openapi.json'],
    ];
    for (const [e, who, path] of reads) {
      const res = await who.get(path);
      expect(res.status, path).toBe(200);
      const answer = e.answer as { safeParse(v: unknown): { success: boolean; error?: unknown } };
      const parsed = answer.safeParse(res.json);
      expect(parsed.error, path).toBeUndefined();
    }
    const [post] = (await client.get('/api/blog-posts')).json.items as { slug: string }[];
    const one = await client.get(`/api/blog-posts/${post!.slug}`);
    expect(endpoints.blogPost.answer.safeParse(one.json).success).toBe(true);
  });
});

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document of every path and method of the table, each with its schemas', async () => {
    const res = await browser(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    type Operation = {
      operationId: string;
      summary: string;
      parameters: { name: string; in: string; required: boolean; schema: object }[];
      requestBody?: { content: Record<string, { schema: object }> };
      responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
      security?: unknown[];
    };
    const doc = res.json as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, Operation>>;
      components: { responses: Record<string, unknown>; securitySchemes: Record<string, { in: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.session!.in).toBe('cookie');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(table.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(table.length);

    for (const [name, e] of table) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!.summary.length, name).toBeGreaterThan(10);
      // Every `{name}` of the path is a required path parameter, and every query field a query parameter.
      const inPath = op!.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), name).toEqual(pathParamNames(e.path).sort());
      expect(
        op!.parameters.every((p) => p.schema && (p.in === 'query' || p.required)),
        name,
      ).toBe(true);
      if (e.query)
        expect(
          op!.parameters.some((p) => p.in === 'query'),
          name,
        ).toBe(true);
      if (e.body) expect(Object.values(op!.requestBody!.content)[0]!.schema, name).toBeTypeOf('object');
      else expect(op!.requestBody, name).toBeUndefined();
      const success = Object.entries(op!.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(
        success.map(([s]) => Number(s)),
        name,
      ).toEqual([...(e.status ?? [e.answer === 'no-content' ? 204 : 200])]);
      for (const [, response] of success) {
        if (e.answer === 'no-content') expect(response.content, name).toBeUndefined();
        else expect(Object.values(response.content!)[0]!.schema, name).toBeTypeOf('object');
      }
      // Errors refer to the one error body, which the document defines.
      for (const [status, response] of Object.entries(op!.responses))
        if (!status.startsWith('2')) expect(response.$ref, name).toBe('#/components/responses/Error');
      // A public call sends no credential, a pipeline its bearer deploy token, everyone else the session cookie.
      const scheme = e.access === 'anyone' ? [] : e.access === 'deploy-token' ? ['deployToken'] : ['session'];
      expect(
        op!.security?.flatMap((requirement) => Object.keys(requirement as object)),
        name,
      ).toEqual(scheme);
    }
    expect(doc.components.responses.Error).toBeDefined();
    // The JSON Schema of a body says what the schema checks: the login's two required fields.
    const login = doc.paths['/api/login']!.post!.requestBody!.content['application/json']!.schema as {
      required: string[];
    };
    expect(login.required.sort()).toEqual(['password', 'username']);
  });
});
