import { BUSINESS } from './business';

/** Posts themselves live in the database (decision 0033); these are the blog's fixed texts. */
export const BLOG_AUTHOR = `The ${BUSINESS.name} team`;
/** The topic chips of /blog's banner (site-and-accounts: Blog). */
export const BLOG_TOPICS = ['SEO Strategy', 'Local Business', 'New Zealand', 'Digital Marketing'] as const;
