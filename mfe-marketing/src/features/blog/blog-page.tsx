import { useCallback, useRef } from 'react';
import { Link } from '@agency/contracts/router';
import { BLOG_ARTICLES, BLOG_TOPICS, type BlogArticleId } from '@agency/contracts';
import { ArticleView } from '../../articles/article-view';
import { Breadcrumb } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { useHashScroll } from '../../components/use-hash-scroll';
import { JumpGrid } from './jump-grid';

export function BlogPage() {
  const articles = useRef(new Map<BlogArticleId, HTMLElement>());
  useHashScroll();

  const jump = useCallback((id: BlogArticleId) => {
    const target = articles.current.get(id);
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Focus follows the jump so keyboard and screen-reader users land in the article, not back at the grid.
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${id}`);
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
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 pt-6">
        <Breadcrumb trail={[['Home', '/'], ['Blog']]} />
      </div>
      <JumpGrid onJump={jump} />
      <div className="mx-auto max-w-4xl space-y-24 px-4 pb-24">
        {BLOG_ARTICLES.map((a) => (
          <ArticleView
            key={a.id}
            id={a.id}
            ref={(el) => {
              if (el) articles.current.set(a.id, el);
              else articles.current.delete(a.id);
            }}
          />
        ))}
      </div>
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
