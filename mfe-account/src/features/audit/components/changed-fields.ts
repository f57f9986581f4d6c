import { ROLE_LABELS } from '@agency/contracts';

/** One field of a row as an audit entry changed it, by its label, both sides as short text. */
export interface Change {
  field: string;
  /** What a person calls the field ("Cover image alt text", not `imageAlt`). */
  label: string;
  before: string;
  after: string;
}

/** The audit log's words for the fields its rows hold (decision 0064); any other field is its name split in words. */
const FIELD_LABEL: Record<string, string> = {
  id: 'ID',
  title: 'Title',
  slug: 'Web address (slug)',
  excerpt: 'Excerpt',
  body: 'Body',
  imageUrl: 'Cover image',
  imageAlt: 'Cover image alt text',
  category: 'Category',
  status: 'Status',
  publishedAt: 'Publish date',
  createdAt: 'Created',
  updatedAt: 'Last updated',
  faq: 'Questions and answers',
  name: 'Name',
  price: 'Price',
  description: 'Description',
  features: 'Features',
  image: 'Image',
  sortOrder: 'Sort order',
  client: 'Client',
  industry: 'Industry',
  challenge: 'Challenge',
  strategies: 'Strategies',
  results: 'Results',
  file: 'File',
  alt: 'Alt text',
  size: 'Size',
  uploadedBy: 'Uploaded by',
  username: 'Username',
  email: 'E-mail',
  role: 'Role',
  access: 'Access',
};

/** Stored values that are words of the code, as the dashboard says them elsewhere. */
const VALUE_LABEL: Record<string, string> = {
  ...ROLE_LABELS,
  enabled: 'Enabled',
  disabled: 'Disabled',
  invited: 'Invited',
};

/** A role, an access or a status in words; any other text as it was written. */
function wordsOf(field: string, value: string): string {
  if (field === 'role' || field === 'access') return VALUE_LABEL[value] ?? value;
  if (field === 'status') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

export function fieldLabel(field: string): string {
  const known = FIELD_LABEL[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Moments as the agency reads them: New Zealand time, whatever the browser's zone. */
const nzDateTime = new Intl.DateTimeFormat('en-NZ', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Pacific/Auckland',
});
export const shownNzDateTime = (moment: string | number) => nzDateTime.format(new Date(moment));

/** Longer values (a post's body) are cut here: the entry is for seeing what changed, not for reading it. */
export const CLIP = 120;

const record = (row: unknown): Record<string, unknown> =>
  row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : {};

/** A value as the audit shows it; the rows' moments (`publishedAt`, `createdAt` ...) are stored as epoch ms. */
export function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text =
    typeof value === 'number' && field.endsWith('At')
      ? shownNzDateTime(value)
      : typeof value === 'string'
        ? wordsOf(field, value)
        : typeof value === 'boolean'
          ? value
            ? 'Yes'
            : 'No'
          : JSON.stringify(value);
  return text.length > CLIP ? `${text.slice(0, CLIP - 1)}…` : text;
}

/** The fields whose value differs between the row before and after a write (all set ones for a create or delete). */
export function changedFields(before: unknown, after: unknown): Change[] {
  const was = record(before);
  const now = record(after);
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: shownValue(field, was[field]),
      after: shownValue(field, now[field]),
    }));
}

/** What a row is called in the audit: its title, name or file, when it has one. */
export function rowName(before: unknown, after: unknown): string | null {
  const row = { ...record(before), ...record(after) };
  const name = row.title ?? row.name ?? row.username ?? row.file;
  return typeof name === 'string' ? name : null;
}
