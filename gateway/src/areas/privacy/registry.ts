import type { LeadType } from '@agency/contracts';

/**
 * How the rows of one person (an e-mail address) are found in a place (decision 0081):
 * - `lead`: a lead table; its address column equals the address (any case, through its index);
 * - `of-lead`: rows hanging off the person's leads, by `leadType` and `leadId`;
 * - `address`: `column` equals the address (any case);
 * - `json-address`: the JSON `column`'s field at `path` equals the address;
 * - `of-conversion`: rows hanging off the person's website events (conversion_events), by `conversionId`;
 * - `mention`: `to` equals the address, or one of `text` mentions it as an address of its own (areas/privacy/mentions.ts);
 * - `counter-key`: a rate-limit key with the address as one of its parts;
 * - `account`: rows of the person's client account, by its id in `column` (and `where`, when only some rows are);
 * - `suppression`: the keyed hash of the address (areas/leads/unsubscribe.ts);
 * - `search-index`: a full-text index of lead columns, kept in step with its table by triggers;
 * - `staff`: staff members' names and addresses only (a staff account is never erased by a privacy request).
 */
export type Match =
  | { by: 'lead'; type: LeadType }
  | { by: 'of-lead' }
  | { by: 'address'; column: string; where?: string }
  | { by: 'json-address'; column: string; path: string }
  | { by: 'of-conversion' }
  /** A JSON array of addresses holding theirs. */
  | { by: 'json-list-address'; column: string }
  | { by: 'mention'; to: string; text: string[] }
  | { by: 'counter-key' }
  | { by: 'account'; column: string; where?: string }
  | { by: 'suppression' }
  | { by: 'search-index' }
  | { by: 'staff' };

/**
 * What erasure does with the rows found: deletes them; sets `set`'s columns (the rows stay: a record of who did
 * what, without the person); leaves them to the account's cascade (its rows go with the account, files' objects
 * first) or to triggers; or keeps them, for the reason given.
 */
export type Erase =
  | { do: 'delete' }
  | { do: 'anonymise'; set: Record<string, string | null>; where?: string }
  | { do: 'with-account' }
  | { do: 'by-trigger' }
  | { do: 'keep'; why: string };

/** A cell of a person's copy: its column, its heading, and how it reads. */
export type Field = readonly [column: string, label: string, kind: FieldKind, path?: string];
export type FieldKind = 'text' | 'time' | 'lead-kind' | 'json' | 'notice' | 'number';

/**
 * A file of a person's copy, or why the place is not in it. Lead tables are written with the inbox export's columns
 * (`lead`: labels and New Zealand times, decision 0068).
 */
export type InCopy = { file: string; title: string; fields: readonly Field[] | 'lead' } | { leftOut: string };

export interface Place {
  table: string;
  /** The columns that hold personal data (names, addresses, phone numbers, what people wrote or did). */
  columns: readonly string[];
  /** What the place holds, in words (the copy's cover note and docs/staff-guide.md). */
  holds: string;
  match: Match;
  erase: Erase;
  copy: InCopy;
  /** How long rows are kept when nobody asks, and what removes them. */
  kept: string;
}

const lead = (table: string, type: LeadType, columns: string[], holds: string, file: string): Place => ({
  table,
  columns,
  holds,
  match: { by: 'lead', type },
  erase: { do: 'delete' },
  copy: { file, title: holds, fields: 'lead' },
  kept: 'two years, then the daily retention run erases it (unless the person is a kept client or staff hold it)',
});

const searchIndex = (table: string, columns: string[], of: string): Place => ({
  table,
  columns,
  holds: `the inbox's search index of ${of}`,
  match: { by: 'search-index' },
  erase: { do: 'by-trigger' },
  copy: { leftOut: `a copy of the ${of} columns, which are in the copy` },
  kept: `as long as the ${of} row: triggers delete it with the row`,
});

const staffOnly = (table: string, columns: string[], holds: string): Place => ({
  table,
  columns,
  holds,
  match: { by: 'staff' },
  erase: { do: 'keep', why: "staff members' own records; a privacy request never erases a staff account" },
  copy: { leftOut: 'holds staff members, not the people who ask' },
  kept: 'for as long as the product runs (accountability)',
});

const sinceLead = 'with its lead';
const account = (column = 'userId', where?: string): Match => ({ by: 'account', column, where });

/** Where personal data lives (decision 0081): export and erase both read this list, and a test holds it to the schema. */
export const PERSONAL_DATA: readonly Place[] = [
  lead(
    'contact_inquiries',
    'enquiry',
    ['businessName', 'contactName', 'contactEmail', 'contactPhone', 'industry', 'comments', 'howDidYouHear'],
    'Enquiries sent from our website',
    'enquiries.csv',
  ),
  lead(
    'consultation_requests',
    'consultation',
    ['businessName', 'contactName', 'email', 'phone', 'businessType', 'currentChallenge', 'goals', 'timeline'],
    'Free consultation requests',
    'consultation-requests.csv',
  ),
  lead(
    'quotes',
    'quote',
    ['businessName', 'businessType', 'contactName', 'contactEmail', 'contactPhone', 'additionalNotes'],
    'Quote requests',
    'quote-requests.csv',
  ),
  lead('opt_in_leads', 'optin', ['firstName', 'email'], 'Sign-ups for the free Real Talk audio', 'audio-sign-ups.csv'),
  searchIndex('contact_inquiries_search', ['businessName', 'contactName', 'contactEmail'], 'enquiry'),
  searchIndex('consultation_requests_search', ['businessName', 'contactName', 'email'], 'consultation request'),
  searchIndex('quotes_search', ['businessName', 'contactName', 'contactEmail'], 'quote request'),
  searchIndex('opt_in_leads_search', ['firstName', 'email'], 'audio sign-up'),
  {
    table: 'lead_events',
    columns: ['text', 'userName'],
    holds: "Our notes on your enquiries: calls, e-mails, status changes (with the staff member's name)",
    match: { by: 'of-lead' },
    erase: { do: 'delete' },
    copy: {
      file: 'timeline.csv',
      title: 'Our notes on your enquiries',
      fields: [
        ['leadType', 'Lead kind', 'lead-kind'],
        ['leadId', 'Lead number', 'number'],
        ['kind', 'What', 'text'],
        ['text', 'Details', 'text'],
        ['userName', 'By', 'text'],
        ['createdAt', 'When', 'time'],
      ],
    },
    kept: sinceLead,
  },
  {
    table: 'outbox',
    columns: ['body'],
    holds: "Notices of your enquiries to our team's chat",
    match: { by: 'of-lead' },
    erase: { do: 'delete' },
    copy: {
      file: 'team-notices.csv',
      title: "Notices of your enquiries to our team's chat",
      fields: [
        ['leadType', 'Lead kind', 'lead-kind'],
        ['leadId', 'Lead number', 'number'],
        ['body', 'Notice', 'notice'],
        ['createdAt', 'Written', 'time'],
      ],
    },
    kept: `${sinceLead}; sent or failed notices two years, then the retention run`,
  },
  {
    table: 'retention_holds',
    columns: ['reason'],
    holds: 'Enquiries we keep past two years, and why',
    match: { by: 'of-lead' },
    erase: { do: 'delete' },
    copy: {
      file: 'kept-longer.csv',
      title: 'Enquiries we keep past two years, and why',
      fields: [
        ['leadType', 'Lead kind', 'lead-kind'],
        ['leadId', 'Lead number', 'number'],
        ['reason', 'Why we keep it', 'text'],
        ['createdAt', 'Since', 'time'],
      ],
    },
    kept: sinceLead,
  },
  {
    table: 'outbox',
    columns: ['to', 'subject', 'text', 'html'],
    holds: "E-mails to you, and our team's e-mails about you",
    match: { by: 'mention', to: 'to', text: ['subject', 'text', 'html'] },
    erase: { do: 'delete' },
    copy: {
      file: 'emails.csv',
      title: "E-mails to you, and our team's e-mails about you",
      fields: [
        ['to', 'To', 'text'],
        ['subject', 'Subject', 'text'],
        ['text', 'Message', 'text'],
        ['html', 'Message as a web page', 'text'],
        ['createdAt', 'Written', 'time'],
        ['sentAt', 'Sent', 'time'],
      ],
    },
    kept: 'two years, then the retention run',
  },
  {
    table: 'conversion_events',
    // Their deliveries to the ad platforms (conversion_deliveries: state and the platform's answer, nothing of the
    // person) go with them by cascade, on erasure and on retention alike (decision 0095).
    columns: [
      'userData',
      'customData',
      'eventSourceUrl',
      'gaClientId',
      'gaSessionId',
      'fbp',
      'fbc',
      'clientAddress',
      'userAgent',
    ],
    holds:
      'Events our website recorded when you sent a form (for advertising measurement), and whether they were sent to Meta and Google',
    match: { by: 'json-address', column: 'userData', path: '$.email' },
    erase: { do: 'delete' },
    copy: {
      file: 'website-events.csv',
      title: 'Events our website recorded when you sent a form',
      fields: [
        ['eventType', 'Event', 'text'],
        ['userData', 'First name', 'text', '$.firstName'],
        ['userData', 'E-mail', 'text', '$.email'],
        ['userData', 'Phone', 'text', '$.phone'],
        ['customData', 'Details', 'json'],
        ['eventSourceUrl', 'Page', 'text'],
        ['clientAddress', 'Network address', 'text'],
        ['userAgent', 'Browser', 'text'],
        ['gaClientId', 'Google Analytics browser id', 'text'],
        ['gaSessionId', 'Google Analytics visit id', 'text'],
        ['fbp', 'Meta browser id', 'text'],
        ['fbc', 'Meta click id', 'text'],
        ['adsConsent', 'Advertising consent', 'text'],
        ['analyticsConsent', 'Analytics consent', 'text'],
        ['createdAt', 'When', 'time'],
      ],
    },
    kept: 'two years, then the retention run (with its deliveries to the ad platforms)',
  },
  {
    // Nothing of the person but that it was theirs: which platform, whether it went, when (decision 0095).
    table: 'conversion_deliveries',
    columns: [],
    holds: 'Whether the events our website recorded were sent to Meta and Google, and when',
    match: { by: 'of-conversion' },
    erase: { do: 'delete' },
    copy: {
      file: 'website-events-sent.csv',
      title: 'Whether the events our website recorded were sent to Meta and Google, and when',
      fields: [
        ['platform', 'Sent to', 'text'],
        ['state', 'State', 'text'],
        ['createdAt', 'Queued', 'time'],
        ['sentAt', 'Sent', 'time'],
      ],
    },
    kept: 'as long as the website event it belongs to (deleted with it)',
  },
  {
    table: 'rate_limits',
    columns: ['key'],
    holds: 'Counters of requests made with your address (limits against abuse)',
    match: { by: 'counter-key' },
    erase: { do: 'delete' },
    copy: { leftOut: 'counters of requests, each gone within a day' },
    kept: 'until its window ends (a day at most), then housekeeping deletes it',
  },
  {
    table: 'privacy_requests',
    columns: ['email', 'details', 'outcome'],
    holds: 'Your privacy requests to us',
    match: { by: 'address', column: 'email' },
    // An open request keeps its address until it is closed: closing is what tells the person.
    erase: { do: 'anonymise', set: { email: 'erased', tokenHash: null }, where: "status = 'done'" },
    copy: {
      file: 'privacy-requests.csv',
      title: 'Your privacy requests to us',
      fields: [
        ['email', 'E-mail', 'text'],
        ['kind', 'Asked for', 'text'],
        ['details', 'Details', 'text'],
        ['status', 'Status', 'text'],
        ['createdAt', 'Asked', 'time'],
        ['confirmedAt', 'Confirmed', 'time'],
        ['dueAt', 'Answer due', 'time'],
        ['doneAt', 'Answered', 'time'],
        ['outcome', 'What we did', 'text'],
      ],
    },
    kept: 'unconfirmed ones 48 hours; answered ones two years after the answer, then the retention run',
  },
  {
    table: 'email_suppressions',
    // A keyed hash of the address (not the address, and meaningless to read): the row is found by it.
    columns: [],
    holds: 'That you unsubscribed from our marketing e-mail',
    match: { by: 'suppression' },
    erase: { do: 'keep', why: 'a keyed hash, not the address: it keeps the unsubscribe in force (decision 0082)' },
    copy: {
      file: 'marketing-email.csv',
      title: 'That you unsubscribed from our marketing e-mail',
      fields: [
        ['via', 'How', 'text'],
        ['createdAt', 'Unsubscribed', 'time'],
      ],
    },
    kept: 'for as long as the product runs, so the unsubscribe holds',
  },
  {
    table: 'users',
    columns: ['username', 'email'],
    holds: 'Your client portal account',
    match: { by: 'address', column: 'email' },
    erase: { do: 'delete' },
    copy: {
      file: 'account.csv',
      title: 'Your client portal account',
      fields: [
        ['username', 'Username', 'text'],
        ['email', 'E-mail', 'text'],
        ['role', 'Role', 'text'],
        ['createdAt', 'Opened', 'time'],
        ['disabledAt', 'Closed', 'time'],
      ],
    },
    kept: 'while the account is open and seven years after it is closed, then the retention run',
  },
  {
    table: 'sessions',
    columns: ['userAgent', 'address'],
    holds: 'Your signed-in browsers',
    match: account(),
    erase: { do: 'with-account' },
    copy: {
      file: 'sign-ins.csv',
      title: 'Your signed-in browsers',
      fields: [
        ['userAgent', 'Browser', 'text'],
        ['address', 'Network address', 'text'],
        ['createdAt', 'Signed in', 'time'],
        ['lastUsedAt', 'Last used', 'time'],
        ['expiresAt', 'Ends', 'time'],
      ],
    },
    kept: 'until the session ends (at most days), then housekeeping deletes it',
  },
  {
    table: 'passkeys',
    columns: ['name'],
    holds: "Your account's passkeys",
    match: account(),
    erase: { do: 'with-account' },
    copy: {
      file: 'passkeys.csv',
      title: "Your account's passkeys",
      fields: [
        ['name', 'Name', 'text'],
        ['createdAt', 'Added', 'time'],
        ['lastUsedAt', 'Last used', 'time'],
      ],
    },
    kept: 'with the account',
  },
  {
    table: 'files',
    columns: ['name'],
    holds: 'Files in your client portal',
    match: account(),
    erase: { do: 'with-account' },
    copy: {
      file: 'files.csv',
      title: 'Files in your client portal (download them there)',
      fields: [
        ['name', 'File', 'text'],
        ['type', 'Type', 'text'],
        ['size', 'Size (bytes)', 'number'],
        ['uploadedAt', 'Added', 'time'],
      ],
    },
    kept: 'with the account',
  },
  // A client's Google data (decision 0093): erased with the account, after the grant is revoked at Google.
  {
    table: 'google_connections',
    columns: ['ga4PropertyName'],
    holds: "The connection to your business's Google Analytics and Search Console (read-only)",
    match: account('clientId'),
    erase: { do: 'with-account' },
    copy: {
      leftOut:
        "a sealed grant nobody can read without the gateway's key, and the names of the chosen property and site: your business's, not personal",
    },
    kept: 'until staff disconnect it or the account is erased (the grant is revoked at Google first)',
  },
  // The audit trail (decision 0103): an account's events by its id, and a former staff member's address as the actor.
  {
    table: 'audit_events',
    columns: ['detail'],
    holds: 'Security changes staff made to your account',
    match: account('subjectId', "subjectType = 'account' and action = 'reset-second-factor'"),
    erase: { do: 'with-account' },
    copy: {
      file: 'account-security.csv',
      title: 'Security changes staff made to your account',
      fields: [
        ['detail', 'Account', 'text'],
        ['action', 'What', 'text'],
        ['actor', 'By', 'text'],
        ['at', 'When', 'time'],
      ],
    },
    kept: 'for as long as the product runs, with your address replaced by "erased" once the account is erased',
  },
  {
    table: 'audit_events',
    columns: ['before', 'after'],
    holds: 'Changes staff made to your account (its name, address, role)',
    match: account('subjectId', "subjectType = 'account' and action <> 'reset-second-factor'"),
    erase: { do: 'with-account' },
    copy: { leftOut: 'earlier states of the account, whose current state is in account.csv' },
    kept: 'for as long as the product runs, with your name and address replaced by "erased" once the account is erased',
  },
  {
    table: 'audit_events',
    columns: ['actor'],
    holds: 'Changes made by someone with your address (a former staff member)',
    match: { by: 'address', column: 'actor' },
    erase: { do: 'anonymise', set: { actor: 'erased' } },
    copy: { leftOut: "changes to the site's content and records, not information about the person" },
    kept: 'for as long as the product runs, with the address replaced by "erased" once erased',
  },
  {
    table: 'client_holds',
    columns: ['reason'],
    holds: 'Why we keep a closed client account past seven years',
    match: account('clientId'),
    erase: { do: 'with-account' },
    copy: {
      file: 'account-kept-longer.csv',
      title: 'Why we keep your closed account past seven years',
      fields: [
        ['reason', 'Why', 'text'],
        ['createdAt', 'Since', 'time'],
      ],
    },
    kept: 'with the account',
  },
  ...['totp_factors', 'recovery_codes', 'password_reset_tokens', 'webauthn_challenges'].map((table): Place => ({
    table,
    columns: [],
    holds: "the account's sign-in secrets (stored sealed or hashed)",
    match: account(),
    erase: { do: 'with-account' },
    copy: { leftOut: 'secrets that let the account sign in, never shown again' },
    kept: 'with the account, or until used or expired',
  })),
  ...['metrics', 'monthly_reports'].map((table): Place => ({
    table,
    columns: [],
    holds: "a client business's marketing figures",
    match: account(table === 'metrics' ? 'userId' : 'clientId'),
    erase: { do: 'with-account' },
    copy: { leftOut: "the business's figures, in the client portal's Reports tab" },
    kept: 'with the account',
  })),
  staffOnly('content_actor', ['userEmail'], 'who is writing content, set and cleared within one transaction'),
  staffOnly('release_actions', ['actor', 'actorName'], 'who released which version'),
  staffOnly('deploy_tokens', ['createdBy'], 'who made each deploy token'),
  {
    table: 'report_share_links',
    columns: ['recipient'],
    holds: 'Links to monthly reports we e-mailed to you',
    match: { by: 'address', column: 'recipient' },
    erase: { do: 'delete' },
    copy: {
      file: 'report-links.csv',
      title: 'Links to monthly reports we e-mailed to you',
      fields: [
        ['recipient', 'Sent to', 'text'],
        ['createdAt', 'Sent', 'time'],
        ['expiresAt', 'Expires', 'time'],
        ['opens', 'Times opened', 'number'],
        ['lastOpenedAt', 'Last opened', 'time'],
      ],
    },
    kept: 'until the report, or the client account it belongs to, is deleted',
  },
  {
    table: 'report_sends',
    columns: ['to'],
    holds: 'Monthly reports we e-mailed to you',
    match: { by: 'address', column: 'to' },
    erase: { do: 'delete' },
    copy: {
      file: 'report-emails.csv',
      title: 'Monthly reports we e-mailed to you',
      fields: [
        ['to', 'Sent to', 'text'],
        ['kind', 'Why', 'text'],
        ['queuedAt', 'Sent', 'time'],
      ],
    },
    kept: 'until the report, or the client account it belongs to, is deleted',
  },
  {
    table: 'report_schedules',
    columns: ['extraRecipients'],
    holds: "A client's list of extra addresses their monthly report is e-mailed to",
    match: { by: 'json-list-address', column: 'extraRecipients' },
    // The list is one cell: erasing one address clears it, and staff enter the others again.
    erase: { do: 'anonymise', set: { extraRecipients: '[]' } },
    copy: {
      file: 'report-recipients.csv',
      title: "A client's list of extra addresses their monthly report is e-mailed to",
      fields: [['extraRecipients', 'Addresses', 'json']],
    },
    kept: 'until staff change the list, or the client account it belongs to is deleted',
  },
];

/** Columns whose names look personal but hold no one's data, and why (the schema test reads this too). */
export const NOT_PERSONAL: Readonly<Record<string, { columns: readonly string[]; why: string }>> = {
  service_packages: { columns: ['name'], why: "a service package's name (site content)" },
  signing_keys: { columns: ['name'], why: "a signing key's name (`unsubscribe`, `page-tokens`)" },
  job_leases: { columns: ['name'], why: "a background job's name (`retention`)" },
  google_connections: { columns: ['ga4PropertyName'], why: "a GA4 property's display name (the client's website)" },
  report_share_links: { columns: ['createdBy'], why: 'the staff account that made the link (its id)' },
  report_schedules: { columns: ['updatedBy'], why: 'the staff account that last changed the schedule (its id)' },
};
