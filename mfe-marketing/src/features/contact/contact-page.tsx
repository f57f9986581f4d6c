import Check from 'lucide-react/icons/check';
import { BUSINESS } from '@agency/contracts';
import { Section } from '../../components/layout';
import { BookingLink } from '../../components/links';
import { useHost } from '@agency/contracts/client';

const { latitude: lat, longitude: lon } = BUSINESS.geo;
const MAP_SRC = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - 0.02}%2C${lat - 0.012}%2C${lon + 0.02}%2C${lat + 0.012}&layer=mapnik&marker=${lat}%2C${lon}`;

export function ContactPage() {
  const { config } = useHost();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Contact Us</h1>
          <p className="mt-6 max-w-3xl text-lg text-slate-700">
            Questions about your website, Google profile or ads? Talk to a real person in Te Awamutu.
          </p>
        </div>
      </section>
      <Section>
        <div className="grid gap-10 lg:grid-cols-2">
          <dl className="space-y-6 text-slate-800">
            <div>
              <dt className="font-semibold text-slate-900">Email</dt>
              <dd>
                <a className="text-brand-700 underline" href={`mailto:${config.supportEmail}`}>
                  {config.supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Phone</dt>
              <dd>
                <a className="text-brand-700 underline" href={`tel:${config.supportPhone.replace(/\s+/g, '')}`}>
                  {config.supportPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Location</dt>
              <dd>
                {BUSINESS.address.locality}, {BUSINESS.address.region}, {BUSINESS.address.postcode}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Business hours</dt>
              <dd>
                {BUSINESS.hours.label}
                <br />
                Weekends: {BUSINESS.hours.weekends}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Follow us</dt>
              <dd className="flex gap-4">
                {BUSINESS.social.map((s) => (
                  <a
                    key={s.name}
                    className="text-brand-700 underline"
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {s.name}
                  </a>
                ))}
              </dd>
            </div>
          </dl>
          <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">Schedule a Consultation</h2>
            <ul className="mt-4 space-y-2 text-slate-700">
              {[
                'Expert analysis of your current online presence',
                'Tailored recommendations for your business',
                'Transparent pricing information',
                'A clear action plan',
              ].map((item) => (
                <li key={item} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" strokeWidth={2.5} />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-6">
              <BookingLink source="contact">Schedule Now</BookingLink>
            </div>
            <p className="mt-3 text-sm text-slate-500">No obligation, free consultation</p>
          </div>
        </div>
      </Section>
      <Section title="Our Location" tone="tint">
        <iframe
          title={`Map of ${BUSINESS.address.locality}`}
          src={MAP_SRC}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="h-80 w-full rounded-xl border border-slate-200 bg-slate-100"
        />
        <p className="mt-3 text-sm text-slate-600">
          {BUSINESS.address.locality}, {BUSINESS.address.region} {BUSINESS.address.postcode}. We work across a{' '}
          {BUSINESS.serviceRadiusKm} km radius.
        </p>
      </Section>
    </>
  );
}
