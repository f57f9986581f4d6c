/** Copy for the Local Lead Engine sales page; prices are not here, they come from the contracts tables. */
export const PROBLEMS = [
  [
    'Feast or famine',
    'Flat out for six weeks, then nothing booked. Quiet weeks cost you more than any marketing bill.',
  ],
  [
    'Tyre-kickers and price shoppers',
    'Calls from people three towns away, or after the cheapest quote, eat your evenings.',
  ],
  ['No idea what works', 'You have paid for "marketing" before and could not point to one job it brought in.'],
] as const;

export const INCLUDED = [
  [
    'Lead-capture landing page',
    'A fast, mobile-first page for your best job type, with your photos, reviews and a click-to-call button.',
  ],
  [
    'Google Ads setup',
    'Search campaigns for the jobs you want, limited to the towns you service, with negative keywords to cut time-wasters.',
  ],
  [
    'Facebook and Instagram ads',
    'Local before-and-after campaigns that put your work in front of homeowners in your patch.',
  ],
  [
    'Instant enquiry follow-up',
    'Every enquiry gets an immediate text and e-mail reply and lands in one inbox, so none go cold.',
  ],
  ['Call and form tracking', 'See which ad, keyword and page each enquiry came from, and what each one cost you.'],
  ['Hand-over session', 'A one-hour walkthrough so you understand the system and own every account outright.'],
] as const;

export const STEPS = [
  [
    'Discovery call',
    'Thirty minutes on your trade, your area and the jobs you want more of. If it is not a fit, we will say so.',
  ],
  [
    'Build (2-3 weeks)',
    'We write, design and set up everything. You check the page and the ads before anything goes live.',
  ],
  ['Launch and tune', 'We watch the first 30 days closely, cut what does not work and push what does.'],
] as const;

export const FAQ = [
  [
    'Are there monthly fees?',
    'No. The offer is a one-off setup fee. You pay Google and Meta for ad spend directly, at whatever budget you choose.',
  ],
  [
    'How much should I spend on ads?',
    'Most Waikato trades start between $20 and $40 a day. We set it up so you can change it any time.',
  ],
  [
    'What if I already have a website?',
    'Keep it. The landing page sits alongside it and is built for one job: turning ad clicks into calls.',
  ],
  ['Who owns the accounts?', 'You do. The ad accounts, the page and the data are set up in your name from day one.'],
] as const;
