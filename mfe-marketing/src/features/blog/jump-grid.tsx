import type { KeyboardEvent, MouseEvent } from 'react';
import type { PublicBlogPost } from '@agency/contracts';
import { formatArticleDate } from '../../components/article-view';
import { LazyImage } from '../../components/lazy-image';

/**
 * 'Jump to Article' cards. Each is a real link to `#slug` (so it works without script and can be copied), and is
 * activated by click, Enter or Space: the page smooth-scrolls to the article and moves focus into it.
 */
export function JumpGrid({ posts, onJump }: { posts: readonly PublicBlogPost[]; onJump: (slug: string) => void }) {
  const click = (slug: string) => (e: MouseEvent) => {
    e.preventDefault();
    onJump(slug);
  };
  const key = (slug: string) => (e: KeyboardEvent) => {
    // Links answer Enter with a click already; Space would scroll the page instead.
    if (e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      onJump(slug);
    }
  };
  return (
    <nav aria-labelledby="jump-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="jump-title" className="text-2xl font-bold text-slate-900">
        Jump to Article
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {posts.map((post, i) => (
          <li key={post.slug}>
            <a
              href={`#${post.slug}`}
              onClick={click(post.slug)}
              onKeyDown={key(post.slug)}
              data-testid={`jump-${post.slug}`}
              className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {/* The first card is above the fold on every width and is the page's largest paint on phones. */}
              <LazyImage
                url={post.imageUrl ?? undefined}
                alt=""
                aspect="16 / 9"
                failedText="Image unavailable"
                priority={i === 0}
              />
              <span className="flex flex-1 flex-col p-4">
                <time
                  dateTime={post.publishedAt}
                  className="text-xs font-medium uppercase tracking-wide text-brand-700"
                >
                  {formatArticleDate(post.publishedAt)}
                </time>
                <span className="mt-2 line-clamp-3 font-semibold text-slate-900">{post.title}</span>
                <span className="mt-2 line-clamp-2 text-sm text-slate-600">{post.excerpt}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
