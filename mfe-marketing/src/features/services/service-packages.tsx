import { Link } from '@agency/contracts/router';
import { ownImage } from '../../components/case-studies';
import { LazyImage } from '../../components/lazy-image';
import { Section } from '../../components/layout';
import { usePageData } from '../../components/use-page-data';

/**
 * The active service packages staff set up in the dashboard, in their sort order; nothing while there are none. A
 * package's image (uploaded in the dashboard) tops its card; the package's name right under it says what the card is,
 * so the image is decorative (empty alt, decision 0063). The image is in the server's HTML with its box's size, so
 * the page reads whole before its code runs and nothing moves when the image arrives (decision 0068).
 */
export function ServicePackages() {
  const state = usePageData('service-packages');
  const packages = state.status === 'ready' ? state.data.items : [];
  if (packages.length === 0) return null;
  return (
    <Section
      id="packages"
      tone="tint"
      title="Packages"
      intro="Ready-made bundles for the most common needs. Every price is in NZD, excl. GST."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((pkg) => {
          const image = ownImage(pkg.imagePath);
          return (
            <li
              key={pkg.id}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${pkg.isPopular ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200'}`}
            >
              {pkg.isPopular && (
                <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
                  Most Popular
                </span>
              )}
              {image && <LazyImage url={image} alt="" aspect="16 / 9" inMarkup className="mb-4 rounded-xl" />}
              <h3 className="text-xl font-semibold text-slate-900">{pkg.name}</h3>
              <p className="mt-2 text-3xl font-extrabold text-slate-900">{pkg.price}</p>
              {pkg.description && <p className="mt-3 text-slate-700">{pkg.description}</p>}
              {pkg.features.length > 0 && (
                <ul className="mt-4 flex-1 space-y-2 text-slate-700">
                  {pkg.features.map((feature, i) => (
                    <li key={i} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-600">
                        ✓
                      </span>
                      {feature}
                    </li>
                  ))}
                </ul>
              )}
              <Link
                to="/price-calculator"
                className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
              >
                {pkg.buttonText || 'Get Started'}
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
