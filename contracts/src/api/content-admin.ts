import { MessageSchema, pageOf } from '../schemas/common';
import {
  BlogPostInputSchema,
  BlogPostSchema,
  CONTENT_IMAGE_TYPES,
  ContentImageSchema,
  DraftInputSchema,
  DraftParamSchema,
  DraftSchema,
  MarkdownPreviewResultSchema,
  MarkdownPreviewSchema,
  PreviewLinkSchema,
  PreviewQuerySchema,
  PublicBlogPostSchema,
} from '../schemas/content';
import { CaseStudyInputSchema, ServicePackageInputSchema, StaffContentItemSchema } from '../schemas/entities';
import { IdParamSchema, PageQuerySchema } from '../schemas/queries';
import { z } from 'zod';
import type { Endpoint } from './endpoint';

// Content staff publish (decision 0033). Every write is recorded with its author and changes the public pages on
// their next request.

export const adminBlogPosts = {
  method: 'GET',
  path: '/api/admin/blog-posts',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(BlogPostSchema),
} as const satisfies Endpoint;

export const previewBlogPost = {
  method: 'POST',
  path: '/api/admin/blog-posts/preview',
  access: 'staff',
  body: MarkdownPreviewSchema,
  answer: MarkdownPreviewResultSchema,
} as const satisfies Endpoint;

export const createBlogPost = {
  method: 'POST',
  path: '/api/admin/blog-posts',
  access: 'staff',
  body: BlogPostInputSchema,
  answer: BlogPostSchema,
  status: [201],
} as const satisfies Endpoint;

export const adminBlogPost = {
  method: 'GET',
  path: '/api/admin/blog-posts/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: BlogPostSchema,
} as const satisfies Endpoint;

export const replaceBlogPost = {
  method: 'PUT',
  path: '/api/admin/blog-posts/:id',
  access: 'staff',
  params: IdParamSchema,
  body: BlogPostInputSchema,
  answer: BlogPostSchema,
} as const satisfies Endpoint;

export const deleteBlogPost = {
  method: 'DELETE',
  path: '/api/admin/blog-posts/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminServicePackages = {
  method: 'GET',
  path: '/api/admin/service-packages',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(StaffContentItemSchema),
} as const satisfies Endpoint;

export const createServicePackage = {
  method: 'POST',
  path: '/api/admin/service-packages',
  access: 'staff',
  body: ServicePackageInputSchema,
  answer: StaffContentItemSchema,
  status: [201],
} as const satisfies Endpoint;

export const replaceServicePackage = {
  method: 'PUT',
  path: '/api/admin/service-packages/:id',
  access: 'staff',
  params: IdParamSchema,
  body: ServicePackageInputSchema,
  answer: StaffContentItemSchema,
} as const satisfies Endpoint;

export const deleteServicePackage = {
  method: 'DELETE',
  path: '/api/admin/service-packages/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminCaseStudies = {
  method: 'GET',
  path: '/api/admin/case-studies',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(StaffContentItemSchema),
} as const satisfies Endpoint;

export const createCaseStudy = {
  method: 'POST',
  path: '/api/admin/case-studies',
  access: 'staff',
  body: CaseStudyInputSchema,
  answer: StaffContentItemSchema,
  status: [201],
} as const satisfies Endpoint;

export const replaceCaseStudy = {
  method: 'PUT',
  path: '/api/admin/case-studies/:id',
  access: 'staff',
  params: IdParamSchema,
  body: CaseStudyInputSchema,
  answer: StaffContentItemSchema,
} as const satisfies Endpoint;

export const deleteCaseStudy = {
  method: 'DELETE',
  path: '/api/admin/case-studies/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const uploadContentImage = {
  method: 'POST',
  path: '/api/admin/content-images',
  access: 'staff',
  body: { raw: CONTENT_IMAGE_TYPES },
  answer: ContentImageSchema,
  status: [201],
} as const satisfies Endpoint;

// Drafts (decision 0063): each person's unsaved form, kept on the server as they type, one per item and one per kind
// for a new item.

export const contentDrafts = {
  method: 'GET',
  path: '/api/admin/content-drafts',
  access: 'staff',
  answer: /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(DraftSchema) }),
} as const satisfies Endpoint;

export const saveContentDraft = {
  method: 'PUT',
  path: '/api/admin/content-drafts/:kind/:itemId',
  access: 'staff',
  params: DraftParamSchema,
  body: DraftInputSchema,
  answer: DraftSchema,
} as const satisfies Endpoint;

export const deleteContentDraft = {
  method: 'DELETE',
  path: '/api/admin/content-drafts/:kind/:itemId',
  access: 'staff',
  params: DraftParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

/** A signed link that shows a post not yet public at its own address, to staff only, for a while (decision 0063). */
export const blogPostPreviewLink = {
  method: 'POST',
  path: '/api/admin/blog-posts/:id/preview-link',
  access: 'staff',
  params: IdParamSchema,
  answer: PreviewLinkSchema,
} as const satisfies Endpoint;

/**
 * The post a preview link shows, as its public page would: asked for by the gateway's page for the link. The signed,
 * expiring link is what opens it: the page is on the public origin, which carries no session (decision 0077).
 */
export const blogPostPreview = {
  method: 'GET',
  path: '/api/blog-post-preview',
  access: 'anyone',
  query: PreviewQuerySchema,
  answer: PublicBlogPostSchema,
} as const satisfies Endpoint;
