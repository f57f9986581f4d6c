import { forwardRef, type MouseEvent } from 'react';
import { Link, useNavigate } from '@agency/contracts/router';
import { BLOG_AUTHOR, type PublicBlogPost } from '@agency/contracts';
import { FaqAccordion } from './faq-accordion';
import { LazyImage } from './lazy-image';
import { BookingLink, buttonClass, QuoteLink } from './links';

const dateFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Pacific/Auckland',
});
export const formatArticleDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * Links inside a post's body are plain anchors (the body is HTML the gateway made from Markdown); one to another
 * page of this site is followed by the router, like every other link, instead of reloading the site.
 */
export function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    const href = link.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    const url = new URL(href, window.location.href);
    // Another anchor on this very page: the browser scrolls there itself.
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
}

interface Props {
  post: PublicBlogPost;
  /** On /blog the posts sit under the page's h1; a post's own page makes the title its h1. */
  standalone?: boolean;
  /** The first post on /blog, or a post's own page: its image is the largest paint. */
  priority?: boolean;
}

/** One post: cover image, date and author, body, FAQ and the closing call to action. */
export const ArticleView = forwardRef<HTMLElement, Props>(function ArticleView(
  { post, standalone = false, priority = standalone },
  ref,
) {
  const followLinks = useInternalLinks();
  const Title = standalone ? 'h1' : 'h2';
  const Sub = standalone ? 'h2' : 'h3';
  const id = post.slug;
  return (
    <article
      ref={ref}
      id={standalone ? undefined : id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      // On /blog, posts below the first screen are laid out as they near it (decision 0042).
      className={`${standalone ? '' : 'defer-render '}scroll-mt-24 rounded-2xl bg-white focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-200`}
    >
      {post.imageUrl && (
        <LazyImage
          url={post.imageUrl}
          alt={post.imageAlt}
          aspect="18 / 5"
          failedText="Image unavailable"
          className="rounded-2xl"
          priority={priority}
        />
      )}
      <Title
        id={`${id}-title`}
        className={`mt-8 font-extrabold tracking-tight text-slate-900 ${standalone ? 'text-4xl' : 'text-3xl'}`}
      >
        {post.title}
      </Title>
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={post.publishedAt}>{formatArticleDate(post.publishedAt)}</time> · By {BLOG_AUTHOR} ·{' '}
        {post.readMinutes} min read
      </p>
      {/* The gateway's HTML: made from Markdown and sanitised on the server (decision 0035). */}
      <div
        className="article-body mt-2 text-lg"
        onClick={followLinks}
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
      {post.faq.length > 0 && (
        <section aria-labelledby={`${id}-faq`} className="mt-10">
          <Sub id={`${id}-faq`} className="text-2xl font-bold text-slate-900">
            Frequently Asked Questions
          </Sub>
          {standalone ? (
            <div className="mt-4">
              <FaqAccordion entries={post.faq} idPrefix={`${id}-faq`} />
            </div>
          ) : (
            <dl className="mt-4 space-y-4">
              {post.faq.map((q) => (
                <div key={q.question}>
                  <dt className="font-semibold text-slate-900">{q.question}</dt>
                  <dd className="mt-1 text-slate-700">{q.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}
      <aside className="mt-10 rounded-2xl bg-slate-900 p-8 text-white">
        <p className="text-2xl font-bold">Want this done for your business?</p>
        <p className="mt-2 text-slate-200">
          See what we offer, price it yourself, or talk it through on a free 30-minute call.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <BookingLink source={`article-${id}`} className={buttonClass.light} />
          <QuoteLink className={buttonClass.outlineLight} />
          <Link
            to="/services"
            className="inline-flex items-center justify-center px-4 py-3 font-semibold text-white underline"
          >
            Our Services
          </Link>
        </div>
      </aside>
    </article>
  );
});
