import type { QuoteOptions } from './options';
import { CHATBOT, WEBSITE_PACKAGES } from './tables';

/** One line per chosen item, for e-mails, admin views and the quote's `services` list. */
export function describeSelection(o: QuoteOptions): string[] {
  const lines: string[] = [];
  if (o.websitePackage !== 'none') lines.push(WEBSITE_PACKAGES[o.websitePackage].name);
  lines.push(...o.selectedAddOns.map((name) => `Add-on: ${name}`));
  if (o.chatbotSetup) lines.push(`AI chatbot setup ($${CHATBOT.setup})`);
  if (o.chatbotSupport) lines.push(`AI chatbot support ($${CHATBOT.support}/month)`);
  const posts = [
    o.staticPostsPerWeek !== 'none' && `${o.staticPostsPerWeek} static`,
    o.carouselPostsPerWeek !== 'none' && `${o.carouselPostsPerWeek} carousel`,
    o.videoPostsPerWeek !== 'none' && `${o.videoPostsPerWeek} video`,
  ].filter(Boolean);
  if (posts.length) {
    const platforms = `${o.socialMediaPlatforms} platform${o.socialMediaPlatforms === 1 ? '' : 's'}`;
    lines.push(`Social media: ${posts.join(', ')} posts/week on ${platforms}`);
  }
  if (o.socialMediaPageOptimizationCount > 0)
    lines.push(`Social page optimisation: ${o.socialMediaPageOptimizationCount} page(s)`);
  if (o.seoServices.seoServices !== 'none') lines.push(`SEO: ${o.seoServices.seoServices}`);
  if (o.seoServices.authorityBlogsPerMonth !== 'none')
    lines.push(`Authority blogs: ${o.seoServices.authorityBlogsPerMonth}/month`);
  if (o.metaAdsPackage !== 'none') lines.push(`Meta Ads: ${o.metaAdsPackage}`);
  lines.push(...o.selectedMetaAdsAddOns.map((name) => `Meta Ads add-on: ${name}`));
  return lines;
}
