import { forwardRef, type ComponentType } from 'react';
import { Link } from '@agency/contracts/router';
import { blogArticle, type BlogArticleId } from '@agency/contracts';
import { FaqAccordion } from '../components/faq-accordion';
import { LazyImage } from '../components/lazy-image';
import type { ImageName } from '../assets/images';
import { BookingLink, buttonClass, QuoteLink } from '../components/links';
import { EcommerceArticle } from './ecommerce';
import { SectionHeadingLevel } from './prose';
import { GoogleBusinessProfileArticle } from './google-business-profile';
import { LandscapingArticle } from './landscaping';
import { RetailArticle } from './retail';
import { SeoStrategiesArticle } from './seo-strategies';

const BODIES: Record<BlogArticleId, ComponentType> = {
  'auckland-retail-strategies': RetailArticle,
  'landscaping-ideas': LandscapingArticle,
  'ecommerce-optimization': EcommerceArticle,
  'google-business-profile': GoogleBusinessProfileArticle,
  'seo-strategies': SeoStrategiesArticle,
};

export const ARTICLE_IMAGES: Record<BlogArticleId, ImageName> = {
  'auckland-retail-strategies': 'blog-retail',
  'landscaping-ideas': 'blog-landscaping',
  'ecommerce-optimization': 'blog-ecommerce',
  'google-business-profile': 'blog-gbp',
  'seo-strategies': 'blog-seo',
};

const dateFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatArticleDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

interface Props {
  id: BlogArticleId;
  /** On /blog the articles sit under the page's h1; a stand-alone page makes the title its h1. */
  standalone?: boolean;
}

/** One article: hero image, date and author, body, FAQ and the closing call to action. */
export const ArticleView = forwardRef<HTMLElement, Props>(function ArticleView({ id, standalone = false }, ref) {
  const meta = blogArticle(id);
  const Body = BODIES[id];
  const Title = standalone ? 'h1' : 'h2';
  const Sub = standalone ? 'h2' : 'h3';
  return (
    <article
      ref={ref}
      id={standalone ? undefined : id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl bg-white focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-200"
    >
      <LazyImage
        image={ARTICLE_IMAGES[id]}
        alt={meta.imageAlt}
        aspect="18 / 5"
        failedText="Image unavailable"
        className="rounded-2xl"
        priority={standalone}
        sizes="(min-width: 1024px) 896px, 100vw"
      />
      <Title
        id={`${id}-title`}
        className={`mt-8 font-extrabold tracking-tight text-slate-900 ${standalone ? 'text-4xl' : 'text-3xl'}`}
      >
        {meta.title}
      </Title>
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={meta.published}>{formatArticleDate(meta.published)}</time> · By {meta.author} ·{' '}
        {meta.readMinutes} min read
      </p>
      <div className="mt-2 text-lg">
        <SectionHeadingLevel value={standalone ? 2 : 3}>
          <Body />
        </SectionHeadingLevel>
      </div>
      <section aria-labelledby={`${id}-faq`} className="mt-10">
        <Sub id={`${id}-faq`} className="text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </Sub>
        {standalone ? (
          <div className="mt-4">
            <FaqAccordion entries={meta.faq} idPrefix={`${id}-faq`} />
          </div>
        ) : (
          <dl className="mt-4 space-y-4">
            {meta.faq.map((q) => (
              <div key={q.question}>
                <dt className="font-semibold text-slate-900">{q.question}</dt>
                <dd className="mt-1 text-slate-700">{q.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
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
