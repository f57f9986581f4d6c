import { Link } from '@agency/contracts/router';
import { StandaloneArticle } from './standalone-article';
import { Breadcrumb } from '../../components/layout';

/** The stand-alone e-commerce guide, whose five-question FAQ is an accordion (several may be open). */
export function EcommerceArticlePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumb trail={[['Home', '/'], ['Blog', '/blog'], ['E-commerce Optimisation']]} />
      <StandaloneArticle path="/ecommerce-optimization-blog">
        {(article) => <div className="mt-6">{article}</div>}
      </StandaloneArticle>
      <p className="mt-10 text-slate-700">
        More guides on the{' '}
        <Link to="/blog" className="font-medium text-brand-700 underline">
          blog
        </Link>
        .
      </p>
    </div>
  );
}
