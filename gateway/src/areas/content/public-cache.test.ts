import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PublicPostsQuerySchema } from '@agency/contracts';
import { byPath, byQuery, publicContentCache } from './public-cache';

/** A list route behind the cache whose handler counts how often it really ran. */
function listRoute() {
  const ran = { n: 0 };
  const app = new Hono()
    .use(
      '/list',
      publicContentCache(async () => 'v1', byQuery(PublicPostsQuerySchema)),
    )
    .use(
      '/item',
      publicContentCache(async () => 'v1', byPath),
    )
    .get('/list', (c) => {
      ran.n++;
      return c.json({ items: ['x'.repeat(2000)], query: c.req.query() });
    })
    .get('/item', (c) => {
      ran.n++;
      return c.json({ item: 'x'.repeat(2000) });
    });
  return { app, ran };
}

describe('publicContentCache keys', () => {
  it('keeps one answer however a request dresses up the same query', async () => {
    const { app, ran } = listRoute();
    for (let i = 0; i < 50; i++) expect((await app.request(`/list?junk=${i}`)).status).toBe(200);
    await app.request('/list');
    await app.request('/list?page=1&pageSize=12');
    await app.request('/list?pageSize=12&page=01');
    expect(ran.n).toBe(1);
    await app.request('/list?page=2');
    expect(ran.n).toBe(2);
  });

  it('keys a route that reads no query by its path alone', async () => {
    const { app, ran } = listRoute();
    for (let i = 0; i < 50; i++) await app.request(`/item?v=${i}`);
    expect(ran.n).toBe(1);
  });

  it('leaves a request its route will refuse to the route, and keeps nothing for it', async () => {
    const { app, ran } = listRoute();
    await app.request('/list?page=0');
    await app.request('/list?page=0');
    expect(ran.n).toBe(2);
  });
});
