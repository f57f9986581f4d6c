import { Hono } from 'hono';
import { API_PREFIX, endpoints } from '@agency/contracts';
import { sharedSecret } from '../../platform/db/shared-secret';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { adminContentApi } from './admin-content';
import { blogPostsApi, type BlogDeps } from './blog-posts';
import { blogPreviewsApi } from './blog-previews';
import { contentDraftsApi } from './content-drafts';
import { contentImagesApi } from './content-images';
import { previewLinks } from './preview-links';
import { byPath, byQuery, publicContentCache } from './public-cache';

/** Content's parts: the renderer and row check, and the content version public answers are kept under. */
export interface ContentDeps extends BlogDeps {
  version: () => Promise<string>;
}

/** An entry's path as the API sub-app sees it (mounted under /api). */
const routePath = (endpoint: { path: string }) => endpoint.path.slice(API_PREFIX.length);

/**
 * The content area's part of the API: posts, case studies and service packages, their drafts, previews and images.
 * The public reads are paid once per content version (decision 0049): the cache is this area's own middleware, on
 * its own read paths only, so it holds wherever the area is mounted (decision 0092).
 */
export function contentArea(deps: ApiDeps, content: ContentDeps) {
  const area = new Hono<AuthEnv>();
  const { blogPosts, blogPost, caseStudies, caseStudy, servicePackages } = endpoints;
  area.use(routePath(blogPosts), publicContentCache(content.version, byQuery(blogPosts.query)));
  const byPathOnly = publicContentCache(content.version, byPath);
  for (const read of [blogPost, caseStudies, caseStudy, servicePackages]) area.use(routePath(read), byPathOnly);
  return area
    .route('/', adminContentApi(deps, content.rows))
    .route('/', blogPostsApi(deps, content))
    .route('/', blogPreviewsApi(deps, content.markdown, previewLinks(sharedSecret(deps.db, 'blog-previews'))))
    .route('/', contentDraftsApi(deps))
    .route('/', contentImagesApi(deps));
}
