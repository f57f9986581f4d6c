import { describe, expect, it } from 'vitest';
import { findPage, pageDataKeys, PAGES } from './page-specs';
import { routes } from './routes';

describe('the page map', () => {
  it('names only routes of the route table', () => {
    const paths = new Set<string>(routes.map((r) => r.path));
    for (const path of Object.keys(PAGES)) expect(paths, path).toContain(path);
  });

  it.each([
    ['/', ['case-studies']],
    ['/services', ['service-packages', 'case-studies']],
    ['/blog', ['blog-posts']],
    ['/blog/my-post/', ['blog-post/my-post']],
    ['/case-studies/cafe', ['case-study/cafe']],
    ['/google-business-profile-waikato', ['blog-post/google-business-profile']],
    ['/ecommerce-optimization-blog', ['blog-post/ecommerce-optimization']],
    ['/faq', []],
    ['/no/such/page', []],
  ])('%s shows %j', (path, keys) => {
    expect(pageDataKeys(path)).toEqual(keys);
  });

  it('names the one item a page is about, and its structured data', () => {
    expect(findPage('/blog/my-post/')).toMatchObject({
      path: '/blog/my-post',
      item: 'blog-post/my-post',
      structuredData: 'post',
    });
    expect(findPage('/services/google-ads')?.structuredData).toBe('service');
    expect(findPage('/services/google-ads')?.item).toBeUndefined();
    expect(findPage('/dashboard')?.keys).toEqual([]);
    expect(findPage('/dashboard')?.structuredData).toBeUndefined();
    expect(findPage('/nowhere')).toBeUndefined();
  });
});
