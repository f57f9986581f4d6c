import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../platform/db';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

describe('POST /api/submit-quote from the social calculator with nothing chosen', () => {
  it('answers 400 naming the services and stores nothing', async () => {
    const res = await t.app.request('/api/submit-quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ana',
        email: 'ana@example.nz',
        quoteDetails: {
          services: { staticPosts: 'none', carouselPosts: 'none', videoPosts: 'none', platforms: 1, optimization: 0 },
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      'quoteDetails.services': 'Choose at least one type of post or page optimisation',
    });
    expect(await t.db.select().from(quotes)).toEqual([]);
  });
});
