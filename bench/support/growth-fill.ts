import type { Client } from '@libsql/client';

/**
 * Five years of an agency's data (decision 0067), generated inside SQLite: each statement makes `CHUNK` rows from a
 * recursive counter, and each table is filled in transactions of `PER_TRANSACTION` rows, so a fill of millions of
 * rows costs no per-row round trip from JavaScript. Values are spread with a multiplicative hash of the row number
 * (`h(i)`), so statuses, names and dates are mixed the way a real inbox is, not in runs.
 */
const CHUNK = 50_000;
const PER_TRANSACTION = 200_000;
const YEARS_MS = 5 * 365 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface GrowthSizes {
  enquiries: number;
  consultations: number;
  optIns: number;
  quotes: number;
  emails: number;
  /** Real-user samples of older releases (the canary window's own come from `fillCanaryWindow`). */
  samples: number;
  /** Of `samples`, the share older than the 30-day retention: what housekeeping has to delete. */
  expiredShare: number;
  audit: number;
  posts: number;
  clients: number;
  reportsPerClient: number;
  filesPerClient: number;
}

/** Decision 0067's five-year size at `scale` 1: 1.2 million leads (200,000 of them quotes), 10 million samples... */
export const growthSizes = (scale: number): GrowthSizes => {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    enquiries: n(450_000),
    consultations: n(150_000),
    optIns: n(400_000),
    quotes: n(200_000),
    emails: n(2_000_000),
    samples: n(10_000_000),
    expiredShare: 0.2,
    audit: n(500_000),
    posts: n(2_000),
    clients: n(200),
    reportsPerClient: 60,
    filesPerClient: 50,
  };
};

const WORDS = [
  'Hamilton',
  'Waikato',
  'Cambridge',
  'Raglan',
  'Huntly',
  'Matamata',
  'Te Awamutu',
  'Morrinsville',
  'Tokoroa',
  'Thames',
  'Paeroa',
  'Otorohanga',
  'Ngaruawahia',
  'Taupo',
  'Rotorua',
  'Tauranga',
  'Putaruru',
  'Waihi',
  'Coromandel',
  'Kawhia',
];
const TRADES = [
  'Plumbing',
  'Electrical',
  'Dental',
  'Cafe',
  'Motors',
  'Builders',
  'Physio',
  'Accounting',
  'Landscaping',
  'Bakery',
  'Fitness',
  'Realty',
  'Vets',
  'Roofing',
  'Joinery',
  'Law',
  'Florist',
  'Painters',
  'Salon',
  'Engineering',
  'Optometry',
];
const FIRST = ['Aroha', 'James', 'Mere', 'Liam', 'Olivia', 'Tama', 'Sophie', 'Wiremu', 'Emma', 'Noah', 'Hana'];
const LAST = ['Smith', 'Ngata', 'Wilson', 'Brown', 'Walker', 'Taylor', 'Parata', 'Clarke', 'Thompson', 'Reid'];

/** The `k`-th word of a list, in SQL (SQLite has no arrays): the words padded to one width, cut out by position. */
const pick = (words: string[], k: string) => {
  const width = Math.max(...words.map((w) => w.length)) + 1;
  const padded = `'${words.map((w) => w.padEnd(width)).join('')}'`;
  return `rtrim(substr(${padded}, ((${k}) % ${words.length}) * ${width} + 1, ${width}))`;
};

/** A multiplicative hash of the row number, for mixing values that must not come in runs. */
const h = (salt: number) => `((i * 2654435761 + ${salt * 40503}) % 4294967296)`;
const business = `${pick(WORDS, h(1))} || ' ' || ${pick(TRADES, `${h(2)} / 7`)} || ' Ltd'`;
const person = `${pick(FIRST, h(3))} || ' ' || ${pick(LAST, `${h(4)} / 11`)}`;
const email = (prefix: string) => `lower(${pick(FIRST, h(3))}) || '.${prefix}' || i || '@example.nz'`;
/** Spread over five years up to `now`, oldest first, so a higher id is a later row as in a real table. */
const over5Years = (total: number, now: number) => `(${now - YEARS_MS} + i * ${Math.floor(YEARS_MS / total)})`;
const ofList = (values: readonly string[], k: string) =>
  `(case (${k}) % ${values.length} ${values.map((v, j) => `when ${j} then '${v}'`).join(' ')} end)`;

/**
 * The follow-up columns every lead has had since the clock (decision 0065), from its created time: due a day later,
 * reminded before, and followed up within the hour but for one in twenty (still open, so overdue ones exist).
 */
const followUpColumns = 'followUpBy, remindAt, remindedAt, followedUpAt';
const followUpValues = (created: string) =>
  `${created} + 86400000, ${created} + 79200000, ${created} + 79200000, case when i % 20 = 0 then null else ${created} + 3600000 end`;

export interface FillStep {
  label: string;
  rows: number;
  /** An INSERT ... SELECT over `n(i)`, the counter from `?1` to `?2`. */
  insert: string;
}

export function fillSteps(sizes: GrowthSizes, now: number): FillStep[] {
  const enquiry = ['new', 'contacted', 'qualified', 'won', 'lost'];
  const quoteStatus = ['pending', 'reviewed', 'sent', 'accepted', 'declined'];
  const liveSamples = Math.round(sizes.samples * (1 - sizes.expiredShare));
  const expired = sizes.samples - liveSamples;
  return [
    {
      label: 'enquiries',
      rows: sizes.enquiries,
      insert: `insert into contact_inquiries (businessName, contactName, contactEmail, contactPhone, industry,
          servicesInterested, comments, preferredContactMethod, status, createdAt, updatedAt, ${followUpColumns})
        select ${business}, ${person}, ${email('e')}, '07 8' || (${h(5)} % 1000000), ${pick(TRADES, h(6))},
          '["seo","ppc"]', 'We would like more customers from around the Waikato, and a site that loads fast on phones.',
          'email', ${ofList(enquiry, h(7))}, ${over5Years(sizes.enquiries, now)}, ${over5Years(sizes.enquiries, now)},
          ${followUpValues(over5Years(sizes.enquiries, now))}
        from n`,
    },
    {
      label: 'consultations',
      rows: sizes.consultations,
      insert: `insert into consultation_requests (businessName, contactName, email, phone, businessType,
          currentChallenge, goals, timeline, status, createdAt, updatedAt, ${followUpColumns})
        select ${business}, ${person}, ${email('c')}, '021 ' || (${h(5)} % 10000000), ${pick(TRADES, h(6))},
          'Not enough enquiries from the website', 'Double the enquiries', '3 months', ${ofList(enquiry, h(7))},
          ${over5Years(sizes.consultations, now)}, ${over5Years(sizes.consultations, now)},
          ${followUpValues(over5Years(sizes.consultations, now))}
        from n`,
    },
    {
      label: 'opt-ins',
      rows: sizes.optIns,
      insert: `insert into opt_in_leads (firstName, email, leadMagnet, createdAt, ${followUpColumns})
        select ${pick(FIRST, h(3))}, ${email('o')}, 'seo-audio', ${over5Years(sizes.optIns, now)},
          ${followUpValues(over5Years(sizes.optIns, now))} from n`,
    },
    {
      label: 'quotes',
      rows: sizes.quotes,
      insert: `insert into quotes (source, businessName, businessType, contactName, contactEmail, contactPhone,
          services, totalMonthlyCost, totalSetupCost, finalMonthlyCost, finalSetupCost, options, status,
          createdAt, updatedAt, ${followUpColumns})
        select ${ofList(['website', 'social', 'custom'], h(8))}, ${business}, ${pick(TRADES, h(6))}, ${person},
          ${email('q')}, '07 8' || (${h(5)} % 1000000), '["website"]', 450, 1200, 450, 1200,
          '{"pages":5,"seo":true}', ${ofList(quoteStatus, h(7))}, ${over5Years(sizes.quotes, now)},
          ${over5Years(sizes.quotes, now)}, ${followUpValues(over5Years(sizes.quotes, now))}
        from n`,
    },
    {
      label: 'outbox e-mails',
      rows: sizes.emails,
      insert: `insert into outbox (channel, "to", subject, text, html, status, attempts, createdAt, sentAt)
        select 'email', 'team@beloud.example.nz', 'New enquiry from ' || ${business},
          'A new enquiry arrived on the website. Open the inbox to read it and reply within a day. Lead ' || i,
          '<p>A new enquiry arrived on the website. Open the inbox to read it and reply within a day.</p>',
          case when i % 500 = 0 then 'dead' else 'sent' end, 1, ${over5Years(sizes.emails, now)},
          ${over5Years(sizes.emails, now)} + 2000
        from n`,
    },
    {
      // Older releases' measurements: three remotes, a new version every ~3 days, within the retention window.
      label: 'real-user samples (older releases)',
      rows: liveSamples,
      insert: sampleInsert(
        `${now - 30 * DAY_MS + 3600_000} + i * ${Math.floor((29 * DAY_MS) / liveSamples)}`,
        'old',
        'w',
      ),
    },
    {
      label: 'real-user samples (past retention)',
      rows: expired,
      insert: sampleInsert(
        `${now - 400 * DAY_MS} + i * ${Math.floor((360 * DAY_MS) / Math.max(expired, 1))}`,
        'gone',
        'x',
      ),
    },
    {
      label: 'audit rows',
      rows: sizes.audit,
      insert: `insert into content_audit (at, userId, userEmail, entity, entityId, action, before, after)
        select ${over5Years(sizes.audit, now)}, null, 'staff' || (i % 7) || '@beloud.example.nz',
          ${ofList(['blog_post', 'case_study', 'service_package'], h(9))}, i % 2000,
          ${ofList(['create', 'update', 'delete'], h(10))}, '{"title":"Before"}', '{"title":"After"}'
        from n`,
    },
    {
      // One in ten closed eight years ago: the retention run erases them with their reports and files (decision 0069).
      label: 'clients',
      rows: sizes.clients,
      insert: `insert into users (username, email, password, role, createdAt, disabledAt)
        select 'bench-client-' || i, 'Client' || i || '@Example.nz', 'not-a-password-hash', 'client', ${now - YEARS_MS},
          case when i % 10 = 1 then ${now - (8 / 5) * YEARS_MS} end
        from n`,
    },
    {
      label: 'monthly reports',
      rows: sizes.clients * sizes.reportsPerClient,
      insert: `insert into monthly_reports (clientId, reportDate, websiteTraffic, organicTraffic, paidTraffic,
          conversions, conversionRate, notes)
        select ${client(sizes.reportsPerClient)}, date(${now / 1000}, 'unixepoch', 'start of month',
          '-' || ((i - 1) % ${sizes.reportsPerClient}) || ' months'), 1000 + i % 900, 600, 400, 40, 0.04,
          'A steady month: organic traffic up, paid steady.'
        from n`,
    },
    {
      label: 'client files',
      rows: sizes.clients * sizes.filesPerClient,
      insert: `insert into files (userId, name, type, path, size, uploadedAt)
        select ${client(sizes.filesPerClient)}, 'Report ' || i || '.pdf', 'application/pdf',
          'bench/' || i || '.pdf', 120000, ${now - YEARS_MS} + i * 3600000
        from n`,
    },
    {
      label: 'blog posts',
      rows: sizes.posts,
      insert: `insert into blog_posts (slug, title, excerpt, body, imageAlt, category, status, publishedAt, faq,
          createdAt, updatedAt)
        select 'bench-post-' || i, 'Growing a ' || ${pick(TRADES, h(2))} || ' business in ' || ${pick(WORDS, h(1))},
          'What worked for local businesses this year.',
          '## What we did\n\nWe rebuilt the site, fixed the local listings and measured every enquiry. ' || i,
          '', 'Marketing', case when i % 10 = 0 then 'draft' else 'published' end,
          case when i % 10 = 0 then null else ${over5Years(sizes.posts, now)} end, '[]',
          ${over5Years(sizes.posts, now)}, ${over5Years(sizes.posts, now)}
        from n`,
    },
  ];
}

/** The id of the client a generated row belongs to, `per` rows each (looked up by the e-mail's unique index). */
const client = (per: number) =>
  `(select id from users where lower(email) = 'client' || ((i - 1) / ${per} + 1) || '@example.nz')`;

/** Samples of versions `<prefix>-<k>`, ~3 days each, at `at` (an expression of i), page loads `<pl>i`. */
function sampleInsert(at: string, prefix: string, pl: string): string {
  const kinds = `(case ${h(11)} % 20 when 0 then 'error' when 1 then 'load-failure' when 2 then 'inp' when 3 then 'inp'
    when 4 then 'cls' when 5 then 'cls' when 6 then 'cls' when 7 then 'lcp' when 8 then 'lcp' when 9 then 'lcp'
    when 10 then 'lcp' else 'load' end)`;
  return `insert into release_samples (createdAt, remote, version, kind, value, pageLoad, source)
    select ${at}, ${ofList(['marketing', 'quoting', 'account'], h(12))}, '${prefix}-' || (i / 40000),
      ${kinds}, (${h(13)} % 4000) / 1.0, '${pl}' || i, 'src' || (${h(14)} % 5000)
    from n`;
}

/** Runs every step in transactions of PER_TRANSACTION rows, calling `progress` after each step. */
export async function runFill(db: Client, steps: FillStep[], progress: (step: FillStep, ms: number) => void) {
  for (const step of steps) {
    const started = performance.now();
    for (let from = 1; from <= step.rows; from += PER_TRANSACTION) {
      const last = Math.min(step.rows, from + PER_TRANSACTION - 1);
      const statements = [];
      for (let a = from; a <= last; a += CHUNK) {
        const b = Math.min(last, a + CHUNK - 1);
        statements.push({
          sql: `with recursive n(i) as (select cast(? as integer) union all select i + 1 from n where i < ?) ${step.insert}`,
          args: [a, b],
        });
      }
      await db.batch(statements, 'write');
    }
    progress(step, performance.now() - started);
  }
}
