import { z } from 'zod';
import { PublicBlogPostPageSchema, PublicBlogPostSchema } from '../schemas/content';
import { CaseStudySchema, ServicePackageSchema } from '../schemas/entities';
import { PublicPostsQuerySchema, SlugParamSchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// The public reads the pages are built from (decision 0034): active, published items only.

export const servicePackages = {
  method: 'GET',
  path: '/api/service-packages',
  access: 'anyone',
  answer: /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(ServicePackageSchema) }),
} as const satisfies Endpoint;

export const caseStudies = {
  method: 'GET',
  path: '/api/case-studies',
  access: 'anyone',
  answer: /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(CaseStudySchema) }),
} as const satisfies Endpoint;

export const caseStudy = {
  method: 'GET',
  path: '/api/case-studies/:slug',
  access: 'anyone',
  params: SlugParamSchema,
  answer: CaseStudySchema,
} as const satisfies Endpoint;

export const blogPosts = {
  method: 'GET',
  path: '/api/blog-posts',
  access: 'anyone',
  query: PublicPostsQuerySchema,
  answer: PublicBlogPostPageSchema,
} as const satisfies Endpoint;

export const blogPost = {
  method: 'GET',
  path: '/api/blog-posts/:slug',
  access: 'anyone',
  params: SlugParamSchema,
  answer: PublicBlogPostSchema,
} as const satisfies Endpoint;
