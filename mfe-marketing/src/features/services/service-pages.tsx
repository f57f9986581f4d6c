import { ServicePage } from './service-page';

// The pages of the services that share the one service page layout, each under its own module name (src/pages.ts).
export const GoogleAdsServicePage = () => <ServicePage slug="google-ads" />;
export const MetaAdsServicePage = () => <ServicePage slug="meta-ads" />;
export const SeoOptimizationServicePage = () => <ServicePage slug="seo-optimization" />;
export const SocialMediaManagementServicePage = () => <ServicePage slug="social-media-management" />;
export const WebDevelopmentServicePage = () => <ServicePage slug="web-development" />;
