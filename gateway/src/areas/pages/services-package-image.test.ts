import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/auth-client';
import { remoteStore, setupApp } from '../../../test/helpers';

// Decision 0068: a package's uploaded image is in the server's HTML of /services, not only after the browser's
// render. The real builds render here (run `pnpm build` first): the shell's server build and the marketing remote's.

const repo = path.resolve(import.meta.dirname, '../../../..');
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  t = await setupApp({ SHELL_DIR: path.join(repo, 'shell/dist') });
  await remoteStore(t).publish('marketing', path.join(repo, 'mfe-marketing/dist'));
});
afterAll(() => t.cleanup());

/** The smallest valid PNG: 1x1, one grey pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

describe("a package's image on /services", () => {
  it('is in the server-rendered HTML with its alt text and the size of its box', async () => {
    const { b: admin } = await signedIn(t.app, t.db, 'admin', 'package-image-admin');
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const uploaded = await t.app.request('/api/admin/content-images', {
      method: 'POST',
      headers: { 'content-type': 'image/png', cookie },
      body: PNG,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const created = await admin.post('/api/admin/service-packages', {
      type: 'website',
      name: 'Storefront Plus',
      price: '$2,400',
      features: ['Up to 20 products'],
      imagePath: url,
      sortOrder: 1,
      isActive: true,
    });
    expect(created.status).toBe(201);

    const res = await t.app.request('/services');
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    // The server rendered the page (not an empty root left for the browser), with the package's card.
    expect(root).toContain('Storefront Plus');
    const escaped = url.replace(/[.]/g, '\\.');
    const img = new RegExp(`<img [^>]*src="${escaped}"[^>]*>`).exec(root)?.[0];
    expect(img).toBeDefined();
    // Decorative (the card's heading names the package right under it: decision 0063), sized, lazily loaded.
    expect(img).toMatch(/ alt=""/);
    expect(img).toMatch(/ width="1200"/);
    expect(img).toMatch(/ height="675"/);
    expect(img).toMatch(/ loading="lazy"/);
    // Its box keeps the image's place before it arrives: nothing below it moves.
    expect(root).toMatch(
      new RegExp(`<div [^>]*style="aspect-ratio:16 / 9"[^>]*>(<div [^>]*></div>)?<img [^>]*src="${escaped}"`),
    );
  });
});
