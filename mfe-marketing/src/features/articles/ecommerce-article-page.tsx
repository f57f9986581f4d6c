import { StandaloneArticle } from './standalone-article';
import { Breadcrumb } from '../../components/layout';
import { MoreGuides } from '../../components/links';

/** The stand-alone e-commerce guide, whose five-question FAQ is an accordion (several may be open). */
export function EcommerceArticlePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumb trail={[['Home', '/'], ['Blog', '/blog'], ['E-commerce Optimisation']]} />
      <StandaloneArticle path="/ecommerce-optimization-blog">
        {(article) => <div className="mt-6">{article}</div>}
      </StandaloneArticle>
      <MoreGuides />
    </div>
  );
}
