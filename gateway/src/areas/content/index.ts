// What the rest of the gateway may use of the content area (decision 0092); written by scripts/gateway-areas.mjs.
export { adminContentApi } from './admin-content';
export { type BlogDeps, blogPostsApi } from './blog-posts';
export { blogPreviewsApi } from './blog-previews';
export { contentDraftsApi } from './content-drafts';
export { contentImageNames, contentImagesApi } from './content-images';
export { type Listing, publishedListing } from './listing';
export { createMarkdown } from './markdown';
export { markdownThreads } from './markdown-threads';
export { PREVIEW_PARAM, previewLinks } from './preview-links';
export { byPath, byQuery, publicContentCache } from './public-cache';
export { publicRows } from './public-rows';
export { postRenders, renderPostsAtStart } from './renders';
export { seedContent } from './seed';
export { contentVersionReader } from './write';
