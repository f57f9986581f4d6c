/** One field of a content row as an audit entry changed it, both sides as short text. */
export interface Change {
  field: string;
  before: string;
  after: string;
}

/** Longer values (a post's body) are cut here: the entry is for seeing what changed, not for reading it. */
export const CLIP = 120;

const record = (row: unknown): Record<string, unknown> =>
  row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : {};

/** A value as the audit shows it; the rows' moments (`publishedAt`, `createdAt` ...) are stored as epoch ms. */
export function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '(empty)';
  const text =
    typeof value === 'number' && field.endsWith('At')
      ? new Date(value).toISOString()
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return text.length > CLIP ? `${text.slice(0, CLIP - 1)}…` : text;
}

/** The fields whose value differs between the row before and after a write (all set ones for a create or delete). */
export function changedFields(before: unknown, after: unknown): Change[] {
  const was = record(before);
  const now = record(after);
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: shownValue(field, was[field]), after: shownValue(field, now[field]) }));
}

/** What a row is called in the audit: its title, name or file, when it has one. */
export function rowName(before: unknown, after: unknown): string | null {
  const row = { ...record(before), ...record(after) };
  const name = row.title ?? row.name ?? row.file;
  return typeof name === 'string' ? name : null;
}
