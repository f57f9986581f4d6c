import type { PublicBlogPost } from '../schemas/content';
import { articleJsonLd, postExtras, type JsonLdBuilders } from './json-ld';

/** A stand-alone article page (articles.ts): its post as an article, with the post's FAQ and how-to. */
export const articlesJsonLd = {
  article: (origin, path, _data, item) => {
    const post = item as PublicBlogPost | undefined;
    return post ? [articleJsonLd(origin, post, path), ...postExtras([post])] : [];
  },
} satisfies JsonLdBuilders<'article'>;
