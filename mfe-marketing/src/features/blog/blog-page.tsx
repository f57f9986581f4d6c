import { useCallback, useRef, useState } from 'react';
import { Link } from '@agency/contracts/router';
import { BLOG_TOPICS, type PublicBlogPostPage } from '@agency/contracts';
import { ArticleView } from '../../components/article-view';
import { ContentStatus } from '../../components/content-status';
import { Breadcrumb } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { useHashScroll } from '../../components/use-hash-scroll';
import { usePageData } from '../../components/use-page-data';
import { JumpGrid } from './jump-grid';

/** Older posts, a page at a time, after the ones the page came with. */
function useOlderPosts(first: PublicBlogPostPage | null) {
  const [more, setMore] = useState<PublicBlogPostPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pages = first ? [first, ...more] : [];
  const last = pages.at(-1);
  const hasMore = last ? last.page * last.pageSize < last.total : false;
  const loadMore = async () => {
    if (!last) return;
    setLoading(true);
    setFailed(false);
    try {
      // Loaded on demand, like a navigation's fetch: the HTTP client and the schemas stay out of /blog's first load.
      const { fetchPostsPage } = await import('../../components/fetch-page-data');
      const next = await fetchPostsPage(last.page + 1);
      setMore((m) => [...m, next]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { posts: pages.flatMap((p) => p.items), hasMore, loading, failed, loadMore };
}

export function BlogPage() {
  const state = usePageData('blog-posts');
  const older = useOlderPosts(state.status === 'ready' ? state.data : null);
  const articles = useRef(new Map<string, HTMLElement>());
  useHashScroll(older.posts.length);

  const jump = useCallback((slug: string) => {
    const target = articles.current.get(slug);
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Posts wait to be laid out until they near the screen (decision 0042); a smooth scroll past them would lay them
    // out on the way and move the target. Lay them all out first, so the scroll ends where the post starts.
    for (const article of articles.current.values()) article.style.contentVisibility = 'visible';
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Focus follows the jump so keyboard and screen-reader users land in the article, not back at the grid.
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${slug}`);
  }, []);

  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <ul aria-label="Topics" className="flex flex-wrap gap-2">
            {BLOG_TOPICS.map((topic) => (
              <li key={topic} className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-200">
                {topic}
              </li>
            ))}
          </ul>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Digital Marketing Insights for NZ Businesses
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-300">
            Practical, no-fluff guides on SEO, Google Business Profile, e-commerce and local marketing, written for New
            Zealand small businesses.
          </p>
          <p className="mt-4 text-sm">
            <a href="/blog/feed.xml" className="text-brand-200 underline">
              Follow the blog (Atom feed)
            </a>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 pt-6">
        <Breadcrumb trail={[['Home', '/'], ['Blog']]} />
      </div>
      {state.status !== 'ready' ? (
        <ContentStatus state={state} missing="No posts yet" />
      ) : older.posts.length === 0 ? (
        <p className="mx-auto max-w-7xl px-4 py-16 text-slate-700">No posts yet. Check back soon.</p>
      ) : (
        <>
          <JumpGrid posts={older.posts} onJump={jump} />
          <div className="mx-auto max-w-4xl space-y-24 px-4 pb-24">
            {older.posts.map((post) => (
              <ArticleView
                key={post.slug}
                post={post}
                ref={(el) => {
                  if (el) articles.current.set(post.slug, el);
                  else articles.current.delete(post.slug);
                }}
              />
            ))}
            {older.hasMore && (
              <div className="text-center">
                <button
                  type="button"
                  onClick={() => void older.loadMore()}
                  disabled={older.loading}
                  className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  {older.loading ? 'Loading...' : `Show older posts`}
                </button>
                {older.failed && (
                  <p role="alert" className="mt-3 text-red-700">
                    Could not load older posts. Please try again.
                  </p>
                )}
              </div>
            )}
          </div>
        </>
      )}
      <section className="flex min-h-screen items-center bg-gradient-to-br from-brand-600 to-brand-800 text-white">
        <div className="mx-auto max-w-3xl px-4 py-24 text-center">
          <h2 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Ready to Put This Into Practice?</h2>
          <p className="mt-6 text-xl text-brand-50">
            Reading is the easy part. Book a free 30-minute strategy call and we'll tell you which of these ideas will
            make the biggest difference for your business, or get a price for the work now.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <BookingLink source="blog-closing" className={buttonClass.light} />
            <QuoteLink className={buttonClass.outlineLight} />
          </div>
          <p className="mt-8">
            Still have questions?{' '}
            <Link to="/faq" className="font-semibold underline">
              Read our FAQ
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
