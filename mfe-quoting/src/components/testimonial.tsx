/**
 * Client words shown on the sales pages. Kept in one place so the agency can swap in each client's own
 * wording (with their permission) without touching page layouts.
 */
export const TESTIMONIALS = {
  builder: {
    quote:
      "Before, I'd get a couple of calls a month from the website and most were tyre-kickers. Three months in we're booking site visits every week, and I know exactly which ad each one came from.",
    name: 'Dave Marsh',
    role: 'Marsh Building, Te Awamutu',
  },
  electrician: {
    quote:
      "They just got on with it. I sent photos of our jobs, they did the rest. The phone rings with the work we want, in the areas we want, and I'm not up at night doing marketing.",
    name: 'Aroha Thompson',
    role: 'Bright Spark Electrical, Hamilton',
  },
} as const;

export function Testimonial({ who, dark = false }: { who: keyof typeof TESTIMONIALS; dark?: boolean }) {
  const t = TESTIMONIALS[who];
  return (
    <figure className={`mx-auto max-w-3xl rounded-2xl p-8 ${dark ? 'bg-slate-800 text-white' : 'bg-white shadow-lg'}`}>
      <p aria-hidden="true" className="text-4xl font-bold text-brand-500">
        “
      </p>
      <blockquote className="text-xl leading-relaxed">{t.quote}</blockquote>
      <figcaption className={`mt-4 font-semibold ${dark ? 'text-slate-300' : 'text-slate-700'}`}>
        {t.name}, <span className="font-normal">{t.role}</span>
      </figcaption>
    </figure>
  );
}
