import { sites } from '../../platform/http/sites';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findRoute, type RemoteName } from '@agency/contracts';
import { loadEnv } from '../../platform/env';
import { contentPages } from './content-pages';
import { pageBuilder, type PageBuilder } from './page-builder';
import type { Page } from '../../platform/files/encoded-page';
import { createLogger } from '../../platform/logger';
import { createMetrics } from '../ops/metrics';
import { livePointer } from '../releases/live-pointer';
import { deploy, type StoreState } from '../releases/release-state';
import { assetUrls } from '../releases/asset-urls';
import { createRemoteStore } from '../releases/remote-store';
import type { ReleaseStorage } from '../releases/storage';
import { SHELL_HTML } from '../../../test/helpers';

/** The release state in memory: the storage interface is all the store and the pages need. */
function memoryStorage(): ReleaseStorage & { set: (state: StoreState) => void } {
  let state: StoreState = {};
  let changes = 0;
  return {
    set: (next) => {
      state = next;
      changes++;
    },
    state: {
      read: async () => state,
      update: async (change) => {
        const { state: next, result } = await change(state);
        state = next;
        changes++;
        return result;
      },
      signature: async () => String(changes),
      writtenHere: () => changes,
    },
    files: { has: async () => true, put: async () => {}, list: async () => [], remove: async () => {} },
  };
}

let root: string;
let storage: ReturnType<typeof memoryStorage>;
let contentVersion: string;
let builder: PageBuilder;
let unreadable: boolean;
const origin = 'https://beloud.example';

const blogPage = { items: [], total: 0, page: 1, pageSize: 12 };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'page-builder-'));
  await mkdir(path.join(root, 'shell'), { recursive: true });
  await writeFile(path.join(root, 'shell/index.html'), SHELL_HTML);
});
afterAll(() => rm(root, { recursive: true, force: true }));

beforeEach(() => {
  storage = memoryStorage();
  const at = (name: RemoteName, version: string) => (s: StoreState) =>
    deploy(s, name, version, { now: new Date() }).state;
  storage.set(at('marketing', 'm1')(at('quoting', 'q1')({})));
  contentVersion = 'c1';
  unreadable = false;
  const env = loadEnv({
    DATA_DIR: path.join(root, 'data'),
    SHELL_DIR: path.join(root, 'shell'),
    PUBLIC_ORIGIN: origin,
    SERVER_RENDER: 'off',
  });
  // The public API answered in-process by the app; here a stand-in: no posts, no case study but `known`.
  const fetchData = async (url: string) =>
    url.startsWith('/api/blog-posts?')
      ? blogPage
      : url === '/api/case-studies/known'
        ? { slug: 'known', title: 'Known' }
        : null;
  builder = pageBuilder({
    env,
    sites: sites(env),
    logger: createLogger('silent'),
    metrics: createMetrics(),
    content: { pages: contentPages(fetchData), version: async () => contentVersion },
    observe: () => {},
    // No server renders here (SERVER_RENDER=off): no stored version is read.
    remotes: { read: async () => null, serverBuild: async () => null },
    assets: assetUrls(undefined),
  });
});

/** A request for `path` as the page routes make it: the visitor gets the live pointer (no canary runs). */
async function request(path: string) {
  const live = livePointer(createRemoteStore(storage), {});
  return builder.pageFor('public', findRoute(path), path, async () => {
    if (unreadable) throw new Error('state unreadable');
    const current = await live();
    return { current, site: 'public', variant: current, canaryRunning: false, bucket: undefined };
  });
}
const text = (page: Page) => Buffer.from(page.bodies.identity).toString();
const htmlOf = async (path: string) => text((await request(path)).page);

describe('page building, alone', () => {
  it('builds a page once per pointer and keeps it', async () => {
    const first = await request('/faq');
    expect(first.caching).toBe('public');
    expect(first.visit?.pointer.remotes.marketing?.version).toBe('m1');
    expect((await request('/faq')).page).toBe(first.page);
    expect(await htmlOf('/faq')).toContain('/mfe/marketing/m1/mf-manifest.json');
  });

  it('builds pages again after a deploy, for the new pointer only', async () => {
    const before = await request('/faq');
    storage.set(deploy(await storage.state.read(), 'marketing', 'm2', { now: new Date() }).state);
    const after = await request('/faq');
    expect(after.page).not.toBe(before.page);
    expect(text(after.page)).toContain('/mfe/marketing/m2/mf-manifest.json');
    // The page of the pointer no visitor gets any more is gone.
    expect(builder.stats().entries).toBe(1);
  });

  it('builds the pages showing content again when the content changes, and keeps the others', async () => {
    const faq = await request('/faq');
    const blog = await request('/blog');
    expect((await request('/blog')).page).toBe(blog.page);
    contentVersion = 'c2';
    expect((await request('/blog')).page).not.toBe(blog.page);
    expect((await request('/faq')).page).toBe(faq.page);
    // The blog page of the older content is gone.
    expect(builder.stats().entries).toBe(2);
  });

  it('answers the shared 404 page for an item that does not exist, and the item page for one that does', async () => {
    const missing = await request('/case-studies/gone');
    expect(missing.page.status).toBe(404);
    expect((await request('/nowhere')).page).toBe(missing.page);
    expect((await request('/case-studies/known')).page.status).toBe(200);
  });

  it('sends a page without the pointer, kept nowhere, when the release state cannot be read', async () => {
    unreadable = true;
    const answer = await request('/faq');
    expect(answer.caching).toBe('none');
    expect(answer.visit).toBeUndefined();
    expect(answer.page.status).toBe(200);
    expect(text(answer.page)).not.toContain('agency-remote-pointer');
  });
});
