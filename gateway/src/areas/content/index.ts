// What the rest of the gateway may use of the content area (decision 0092); written by scripts/gateway-areas.mjs.
export { contentArea, type ContentDeps } from './area';
export { contentImageNames } from './content-images';
export { type Listing, publishedListing } from './listing';
export { createMarkdown } from './markdown';
export { markdownThreads } from './markdown-threads';
export { PREVIEW_PARAM } from './preview-links';
export { publicRows } from './public-rows';
export { postRenders, renderPostsAtStart } from './renders';
export { seedContent } from './seed';
export { contentVersionReader } from './write';
