import { MessageSchema, pageOf } from '../schemas/common';
import {
  BlogPostInputSchema,
  BlogPostSchema,
  CONTENT_IMAGE_TYPES,
  ContentAuditEntrySchema,
  ContentImageSchema,
  MarkdownPreviewResultSchema,
  MarkdownPreviewSchema,
  PublicBlogPostPageSchema,
  PublicBlogPostSchema,
} from '../schemas/content';
import {
  CaseStudyInputSchema,
  CaseStudySchema,
  ServicePackageInputSchema,
  ServicePackageSchema,
  StaffContentItemSchema,
} from '../schemas/entities';
import { IdParamSchema, PageQuerySchema, PublicPostsQuerySchema, SlugParamSchema } from '../schemas/queries';
import { z } from 'zod';
import type { Endpoint } from './endpoint';

// Content staff publish (decision 0033): the public reads the pages are built from, and the staff writes. Every
// write is recorded with its author and changes the public pages on their next request.

export const servicePackages = {
  method: 'GET',
  path: '/api/service-packages',
  summary: 'Active service packages, by sort order.',
  access: 'anyone',
  answer: /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(ServicePackageSchema) }),
} as const satisfies Endpoint;

export const caseStudies = {
  method: 'GET',
  path: '/api/case-studies',
  summary: 'Active case studies, by sort order.',
  access: 'anyone',
  answer: /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(CaseStudySchema) }),
} as const satisfies Endpoint;

export const caseStudy = {
  method: 'GET',
  path: '/api/case-studies/:slug',
  summary: 'One active case study (404 otherwise).',
  access: 'anyone',
  params: SlugParamSchema,
  answer: CaseStudySchema,
} as const satisfies Endpoint;

export const blogPosts = {
  method: 'GET',
  path: '/api/blog-posts',
  summary: 'A page of published, due posts, newest first, each with its sanitised HTML.',
  access: 'anyone',
  query: PublicPostsQuerySchema,
  answer: PublicBlogPostPageSchema,
} as const satisfies Endpoint;

export const blogPost = {
  method: 'GET',
  path: '/api/blog-posts/:slug',
  summary: 'One published, due post (404 for drafts, scheduled and deleted posts too).',
  access: 'anyone',
  params: SlugParamSchema,
  answer: PublicBlogPostSchema,
} as const satisfies Endpoint;

export const adminBlogPosts = {
  method: 'GET',
  path: '/api/admin/blog-posts',
  summary: 'A page of every post: drafts without a date first, then newest.',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(BlogPostSchema),
} as const satisfies Endpoint;

export const previewBlogPost = {
  method: 'POST',
  path: '/api/admin/blog-posts/preview',
  summary: 'A Markdown body rendered and sanitised as the site will show it.',
  access: 'staff',
  body: MarkdownPreviewSchema,
  answer: MarkdownPreviewResultSchema,
} as const satisfies Endpoint;

export const createBlogPost = {
  method: 'POST',
  path: '/api/admin/blog-posts',
  summary: 'Adds a post (409 naming slug when another post has it).',
  access: 'staff',
  body: BlogPostInputSchema,
  answer: BlogPostSchema,
  status: [201],
} as const satisfies Endpoint;

export const adminBlogPost = {
  method: 'GET',
  path: '/api/admin/blog-posts/:id',
  summary: 'One post with its Markdown body.',
  access: 'staff',
  params: IdParamSchema,
  answer: BlogPostSchema,
} as const satisfies Endpoint;

export const replaceBlogPost = {
  method: 'PUT',
  path: '/api/admin/blog-posts/:id',
  summary: 'Replaces a post (a full replacement).',
  access: 'staff',
  params: IdParamSchema,
  body: BlogPostInputSchema,
  answer: BlogPostSchema,
} as const satisfies Endpoint;

export const deleteBlogPost = {
  method: 'DELETE',
  path: '/api/admin/blog-posts/:id',
  summary: 'Deletes a post.',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminServicePackages = {
  method: 'GET',
  path: '/api/admin/service-packages',
  summary: 'A page of every stored service package (of any shape), by sort order.',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(StaffContentItemSchema),
} as const satisfies Endpoint;

export const createServicePackage = {
  method: 'POST',
  path: '/api/admin/service-packages',
  summary: 'Adds a service package.',
  access: 'staff',
  body: ServicePackageInputSchema,
  answer: StaffContentItemSchema,
  status: [201],
} as const satisfies Endpoint;

export const replaceServicePackage = {
  method: 'PUT',
  path: '/api/admin/service-packages/:id',
  summary: 'Replaces a service package.',
  access: 'staff',
  params: IdParamSchema,
  body: ServicePackageInputSchema,
  answer: StaffContentItemSchema,
} as const satisfies Endpoint;

export const deleteServicePackage = {
  method: 'DELETE',
  path: '/api/admin/service-packages/:id',
  summary: 'Deletes a service package.',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const adminCaseStudies = {
  method: 'GET',
  path: '/api/admin/case-studies',
  summary: 'A page of every stored case study (of any shape), by sort order.',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(StaffContentItemSchema),
} as const satisfies Endpoint;

export const createCaseStudy = {
  method: 'POST',
  path: '/api/admin/case-studies',
  summary: 'Adds a case study (its slug made from the title when not given).',
  access: 'staff',
  body: CaseStudyInputSchema,
  answer: StaffContentItemSchema,
  status: [201],
} as const satisfies Endpoint;

export const replaceCaseStudy = {
  method: 'PUT',
  path: '/api/admin/case-studies/:id',
  summary: 'Replaces a case study.',
  access: 'staff',
  params: IdParamSchema,
  body: CaseStudyInputSchema,
  answer: StaffContentItemSchema,
} as const satisfies Endpoint;

export const deleteCaseStudy = {
  method: 'DELETE',
  path: '/api/admin/case-studies/:id',
  summary: 'Deletes a case study.',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const uploadContentImage = {
  method: 'POST',
  path: '/api/admin/content-images',
  summary: 'Stores an image for posts and covers: the body is the image itself (at most 5 MiB).',
  access: 'staff',
  body: { raw: CONTENT_IMAGE_TYPES },
  answer: ContentImageSchema,
  status: [201],
} as const satisfies Endpoint;

export const contentAudit = {
  method: 'GET',
  path: '/api/admin/content-audit',
  summary: 'Every content write, newest first, with who, when, and the row before and after.',
  access: 'master-admin',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ContentAuditEntrySchema),
} as const satisfies Endpoint;
