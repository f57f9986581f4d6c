import { localFetch } from '../testing/local-fetch';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_BODY_MAX,
  BlogPostInputSchema,
  characterCount,
  CaseStudyInputSchema,
  LIMITS,
  MarkdownPreviewSchema,
  ServicePackageInputSchema,
} from '@agency/contracts';
import { MAX_JSON_BODY_BYTES, schemaBodyBytes } from '../src/platform/http/json-only';
import { maxJsonBytes } from '../src/platform/http/json-size';
import { browser, signedIn } from './auth-client';
import { setupApp } from './helpers';

/** Per-route body limits (decision 0050), over a real listening server: by declared length and chunked. */
let t: Awaited<ReturnType<typeof setupApp>>;
let server: ReturnType<typeof serve>;
let base: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await setupApp({});
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  // The portal's origin, where the API that takes a session is (decision 0077).
  base = `http://portal.localhost:${(server.address() as AddressInfo).port}`;
  admin = await signedIn(t.app, t.db, 'admin', 'limits-admin');
  client = await signedIn(t.app, t.db, 'client', 'limits-client');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

const cookieOf = (b: ReturnType<typeof browser>) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const chunked = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 65536) controller.enqueue(bytes.subarray(i, i + 65536));
      controller.close();
    },
  });
};
async function send(method: string, path: string, json: string, b = admin.b, stream = false) {
  const res = await localFetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: cookieOf(b) },
    body: stream ? chunked(json) : json,
    ...(stream ? { duplex: 'half' } : {}),
  } as Parameters<typeof localFetch>[1]);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Every non-ASCII UTF-16 unit as `\uXXXX`, as Python's `json.dumps` writes it: JSON's longest spelling. */
const escapedJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Exactly `characters` characters (as the schemas count them: code points) of accented (2 bytes in UTF-8), 3-byte
 * and 4-byte characters (an emoji: two UTF-16 units).
 */
const MIXED = [...'Café ā 中文 €😀 '];
const multibyte = (characters: number) =>
  Array.from({ length: characters }, (_, i) => MIXED[i % MIXED.length]).join('');

const post = (slug: string, body: string) => ({
  title: `Long read ${slug}`,
  slug,
  excerpt: 'An eleven-thousand-word guide.',
  body,
  category: 'Guides',
  status: 'draft',
});

describe('blog posts: the body limit follows the fields', () => {
  const body = multibyte(BLOG_BODY_MAX);

  it(`saves a post of ${BLOG_BODY_MAX} characters of accented, 3- and 4-byte characters, sent as UTF-8 or fully escaped, by length or chunked`, async () => {
    expect(characterCount(body)).toBe(BLOG_BODY_MAX);
    expect(body.length).toBeGreaterThan(BLOG_BODY_MAX); // an emoji is two UTF-16 units
    expect(Buffer.byteLength(body)).toBeGreaterThan(5 * MAX_JSON_BODY_BYTES);
    const ids: string[] = [];
    for (const encode of [JSON.stringify, escapedJson])
      for (const stream of [false, true]) {
        const json = encode(post(`long-read-${ids.length + 1}`, body));
        const res = await send('POST', '/api/admin/blog-posts', json, admin.b, stream);
        expect(res.status, `${String(res.json.message)} (${json.length} bytes)`).toBe(201);
        ids.push(String(res.json.id));
        const stored = await admin.b.get(`/api/admin/blog-posts/${ids.at(-1)}`);
        expect(stored.json.body).toBe(body);
      }
    // Replacing one and previewing one are held to the same limits.
    const again = await send('PUT', `/api/admin/blog-posts/${ids[0]}`, escapedJson(post('long-read-1', body)));
    expect(again.status).toBe(200);
    const preview = await send('POST', '/api/admin/blog-posts/preview', escapedJson({ body }));
    expect(preview.status).toBe(200);
  });

  it('refuses one character more with a 400 naming the body, and a larger body with a 413 that says the limit', async () => {
    const over = await send('POST', '/api/admin/blog-posts', JSON.stringify(post('one-too-many', `${body}x`)));
    expect(over.status).toBe(400);
    expect(over.json.errors).toMatchObject({ body: `The body must be at most ${BLOG_BODY_MAX} characters.` });
    const limit = schemaBodyBytes(BlogPostInputSchema);
    for (const stream of [false, true]) {
      const huge = await send(
        'POST',
        '/api/admin/blog-posts',
        JSON.stringify(post('huge', 'x'.repeat(limit))),
        admin.b,
        stream,
      );
      expect(huge.status).toBe(413);
      expect(huge.json.message).toMatch(
        /^A blog post can be at most \d\.\d MiB as sent: its body may hold up to 200,000 characters\.$/,
      );
    }
  });

  it('reads no large body before knowing the caller is staff: strangers 401, clients 403', async () => {
    const json = JSON.stringify(post('not-yours', body));
    expect((await send('POST', '/api/admin/blog-posts', json, browser(t.app))).status).toBe(401);
    expect((await send('POST', '/api/admin/blog-posts', json, client.b)).status).toBe(403);
  });
});

describe('case studies and service packages', () => {
  it('save with every text at its limit in JSON’s longest spelling (or their default when a field has no limit)', async () => {
    // 4-byte characters only, 12 bytes each when escaped (and no spaces for the trimmed fields to lose).
    const full = (max: number) => '😀'.repeat(max);
    const pkg = {
      type: full(LIMITS.short),
      name: full(LIMITS.name),
      description: full(LIMITS.text),
      price: full(LIMITS.short),
      features: Array.from({ length: LIMITS.list }, () => full(LIMITS.short)),
      buttonText: full(60),
    };
    const json = escapedJson(pkg);
    expect(json.length).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const res = await send('POST', '/api/admin/service-packages', json);
    expect(res.status, String(res.json.message)).toBe(201);
    expect(res.json.description).toBe(pkg.description);
    // A case study's strategies and results take any JSON, so it keeps the API's 64 KiB until they have limits.
    expect(schemaBodyBytes(CaseStudyInputSchema)).toBeGreaterThanOrEqual(MAX_JSON_BODY_BYTES);
    const study = await send(
      'POST',
      '/api/admin/case-studies',
      JSON.stringify({ title: 'Big', scenario: full(LIMITS.text) }),
    );
    expect(study.status).toBe(201);
  });
});

describe('every other route keeps the 64 KiB limit', () => {
  const big = 'x'.repeat(70 * 1024);
  it.each([
    ['POST', '/api/contact-inquiry', { businessName: big }],
    ['POST', '/api/login', { username: big, password: 'x' }],
    ['PATCH', '/api/admin/enquiries/1', { status: big }],
    ['POST', '/api/admin/clients/1/reports', { reportDate: '2026-01-01', notes: big }],
  ])('%s %s', async (method, path, value) => {
    for (const stream of [false, true]) {
      const res = await send(method, path, JSON.stringify(value), admin.b, stream);
      expect(res.status).toBe(413);
      expect(res.json.message).toBe('Request body is larger than 64 KiB');
    }
  });
});

describe('maxJsonBytes', () => {
  it('counts 12 bytes per character of every string, the longest number, and whitespace per member', () => {
    // {"a":"<10 characters>"}: braces 2 + 16 of space; member: 16 + key 2+6 + colon 1 + value 2+120 + comma 1.
    expect(maxJsonBytes(z.object({ a: z.string().max(10) }))).toBe(2 + 16 + (16 + 8 + 1 + 122 + 1));
    expect(maxJsonBytes(z.object({ n: z.number().nullish(), b: z.boolean().default(false) }))).toBe(
      2 + 16 + (16 + 8 + 1 + 24 + 1) + (16 + 8 + 1 + 5 + 1),
    );
    expect(maxJsonBytes(z.array(z.enum(['ab', 'c'])).max(3))).toBe(2 + 3 * (16 + 14 + 1));
  });

  it('is Infinity for a field of no limit: a string, a list, a record, any JSON', () => {
    for (const field of [z.string(), z.array(z.string().max(1)), z.record(z.string().max(1), z.number()), z.unknown()])
      expect(maxJsonBytes(z.object({ field }))).toBe(Infinity);
  });

  it('bounds every blog post and preview field, so their routes take the worst-case spelling of the longest post', () => {
    for (const schema of [BlogPostInputSchema, MarkdownPreviewSchema, ServicePackageInputSchema]) {
      expect(Number.isFinite(maxJsonBytes(schema))).toBe(true);
    }
    expect(schemaBodyBytes(BlogPostInputSchema)).toBeGreaterThan(12 * BLOG_BODY_MAX);
    expect(schemaBodyBytes(BlogPostInputSchema)).toBeLessThan(4 * 1024 * 1024);
  });
});
