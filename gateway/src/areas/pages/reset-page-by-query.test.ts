import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { remoteStore, setupApp } from '../../../test/helpers';

// Decision 0072: /reset-password's server HTML follows whether its link has a token (and says it is an
// invitation), the route's `serverQuery`, so a link without its token shows its message at the first paint instead
// of after hydration (Lighthouse's LCP was that message, 2.9 s). The real builds render here (run `pnpm build`).

const repo = path.resolve(import.meta.dirname, '../../../..');
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  t = await setupApp({ SHELL_DIR: path.join(repo, 'shell/dist') });
  await remoteStore(t).publish('account', path.join(repo, 'mfe-account/dist'));
});
afterAll(() => t.cleanup());

const root = async (url: string) => {
  const res = await t.app.request(url);
  expect(res.status, url).toBe(200);
  const html = await res.text();
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
};

it('renders the form for a link with its token, and the message for one without, never the token itself', async () => {
  const withToken = await root('/reset-password?token=s3cr3t-t0ken-value');
  expect(withToken).toContain('Choose a New Password');
  expect(withToken).toContain('New password');
  expect(withToken).not.toContain('This reset link is incomplete');
  expect(withToken).not.toContain('s3cr3t');

  const without = await root('/reset-password');
  expect(without).toContain('This reset link is incomplete');
  // The form is there too, invisible, so the card keeps its height once the page is live.
  expect(without).toMatch(/<form[^>]* class="[^"]*invisible/);

  const invitation = await root('/reset-password?token=an-invitation&invite=1');
  expect(invitation).toContain('Set Your Password');
  expect(invitation).toContain('Welcome to the team.');
  expect(invitation).not.toContain('an-invitation');
});

it('keeps one page per set of listed names present: other parameters and other values cost nothing more', async () => {
  const first = await t.app.request('/reset-password?token=one');
  const other = await t.app.request('/reset-password?token=two&utm_source=mail&x=1');
  // The same bytes, the same validator: one rendered page served to both.
  expect(other.headers.get('etag')).toBe(first.headers.get('etag'));
  expect(await other.text()).toBe(await first.text());
  const bare = await t.app.request('/reset-password?utm_source=mail');
  expect(bare.headers.get('etag')).toBe((await t.app.request('/reset-password')).headers.get('etag'));
  expect(bare.headers.get('etag')).not.toBe(first.headers.get('etag'));
});
