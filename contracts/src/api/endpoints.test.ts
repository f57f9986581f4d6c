import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSchema, pathOf, pathParamNames, type Endpoint } from './endpoint';
import * as endpoints from './endpoints';
import { pageDataRequest, pageDataUrl } from './page-data-calls';
import { STAFF_CONTENT } from './staff-content';

const table = Object.entries(endpoints) as [string, Endpoint][];

describe('the endpoint table', () => {
  it('holds only entries, one per method and path, every path under /api', () => {
    expect(table.length).toBeGreaterThan(50);
    const keys = table.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, e] of table) {
      expect(e.path, name).toMatch(/^\/api\/[a-zA-Z0-9/:.-]+$/);
      expect(['anyone', 'signed-in', 'staff', 'master-admin', 'deploy-token'], name).toContain(e.access);
    }
  });

  it('names every path parameter in its params schema, and no other', () => {
    for (const [name, e] of table) {
      const inPath = pathParamNames(e.path).sort();
      const inSchema = e.params ? Object.keys((e.params as z.ZodObject).shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('gives bodies only to writes, and a 204 only to what answers nothing', () => {
    for (const [name, e] of table) {
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body, name).toBeUndefined();
      if (e.answer === 'no-content') expect(e.status ?? [204], name).toEqual([204]);
      else expect(e.status ?? [200], name).not.toContain(204);
    }
  });

  it('reads queries and params from objects, so each is a named parameter', () => {
    for (const [name, e] of table)
      for (const part of [e.params, e.query]) if (part) expect(part, name).toBeInstanceOf(z.ZodObject);
  });

  it('groups the four endpoints of each kind of staff content', () => {
    for (const [kind, api] of Object.entries(STAFF_CONTENT)) {
      expect(api.list.path).toBe(`/api/admin/${kind}`);
      expect([api.create.method, api.replace.method, api.remove.method]).toEqual(['POST', 'PUT', 'DELETE']);
      expect(api.replace.path).toBe(`/api/admin/${kind}/:id`);
      expect(isSchema(api.create.body) && api.create.body === api.replace.body).toBe(true);
    }
  });
});

describe('pathOf', () => {
  it('fills parameters (encoded) and adds the defined query values in order', () => {
    expect(pathOf(endpoints.changeRole, { id: 7 })).toBe('/api/admin/users/7/role');
    expect(pathOf(endpoints.blogPost, { slug: 'a b/c' })).toBe('/api/blog-posts/a%20b%2Fc');
    expect(pathOf(endpoints.reports, undefined, { pageSize: 12, page: undefined, clientId: 5 })).toBe(
      '/api/reports?pageSize=12&clientId=5',
    );
    expect(pathOf(endpoints.adminLeads, undefined, { type: 'enquiry', q: '50% off & more' })).toBe(
      '/api/admin/leads?type=enquiry&q=50%25%20off%20%26%20more',
    );
  });

  it('refuses a missing parameter rather than writing "undefined" into a URL', () => {
    expect(() => pathOf(endpoints.adminLead, { type: 'quote' })).toThrow('needs its id parameter');
  });

  it('makes each page-data key the call its page reads', () => {
    expect(pageDataUrl('blog-posts')).toBe('/api/blog-posts?page=1&pageSize=12');
    expect(pageDataUrl('blog-post/local-seo')).toBe('/api/blog-posts/local-seo');
    expect(pageDataUrl('case-study/gym')).toBe('/api/case-studies/gym');
    expect(pageDataUrl('case-studies')).toBe('/api/case-studies');
    expect(pageDataUrl('service-packages')).toBe('/api/service-packages');
    expect(pageDataRequest('case-study/gym').endpoint).toBe(endpoints.caseStudy);
  });
});
