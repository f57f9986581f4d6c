/**
 * The marketing remote's pages, by the module name their records give them (contracts/src/pages/, decision 0112).
 * The build exposes each one to the shell and renders the public ones on the server from this map alone
 * (`@agency/contracts/build` page-modules.ts). Re-exports only: anything else here would put every page in every
 * page's chunk. A new page is its record in contracts and one line here.
 */
export { AboutPage as 'about-page' } from './features/about/about-page';
export { BlogPage as 'blog-page' } from './features/blog/blog-page';
export { BlogPostPage as 'blog-post-page' } from './features/blog/blog-post-page';
export { CaseStudyPage as 'case-study-page' } from './features/case-studies/case-study-page';
export { ContactPage as 'contact-page' } from './features/contact/contact-page';
export { EcommerceArticlePage as 'ecommerce-article-page' } from './features/articles/ecommerce-article-page';
export { FaqPage as 'faq-page' } from './features/faq/faq-page';
export { GbpArticlePage as 'gbp-article-page' } from './features/articles/gbp-article-page';
export { HomePage as 'home-page' } from './features/home/home-page';
export { HowWeWorkPage as 'how-we-work-page' } from './features/how-we-work/how-we-work-page';
export { PrivacyPolicyPage as 'privacy-policy-page' } from './features/privacy/privacy-policy-page';
export { PrivacyRequestPage as 'privacy-request-page' } from './features/privacy/privacy-request-page';
export { GoogleAdsServicePage as 'service-google-ads-page' } from './features/services/service-pages';
export { MetaAdsServicePage as 'service-meta-ads-page' } from './features/services/service-pages';
export { SeoOptimizationServicePage as 'service-seo-optimization-page' } from './features/services/service-pages';
export { GbpOptimisationPage as 'service-social-media-gbp-optimization-page' } from './features/services/gbp-optimisation-page';
export { SocialMediaManagementServicePage as 'service-social-media-management-page' } from './features/services/service-pages';
export { WebDevelopmentServicePage as 'service-web-development-page' } from './features/services/service-pages';
export { ServicesPage as 'services-page' } from './features/services/services-page';
