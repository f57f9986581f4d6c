import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@agency/contracts';
import { endpointRoutes } from './routes';

// The tests' answer check (test/check-answers.ts turns it on for every file): a JSON answer the browser's client
// would refuse fails the request, so a cast that lets a null through shows in whichever test reads that answer.
const entry = {
  method: 'GET',
  path: '/api/probe',
  access: 'anyone',
  answer: z.object({ items: z.array(z.object({ id: z.number(), status: z.string().optional() })) }),
} as const satisfies Endpoint;

const appAnswering = (items: unknown) => endpointRoutes().on(entry, (c) => c.json({ items } as never)).app;

describe("the tests' answer check", () => {
  it('lets an answer its schema accepts through unchanged', async () => {
    const res = await appAnswering([{ id: 1, status: 'new' }]).request('/probe');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [{ id: 1, status: 'new' }] });
  });

  it('fails an answer its schema refuses, naming the route and the field', async () => {
    const app = appAnswering([{ id: 1, status: null }]);
    let thrown = '';
    app.onError((error, c) => {
      thrown = String(error);
      return c.text('failed', 500);
    });
    expect((await app.request('/probe')).status).toBe(500);
    expect(thrown).toContain('GET /api/probe answered what its schema refuses');
    expect(thrown).toContain('"status"');
  });
});
