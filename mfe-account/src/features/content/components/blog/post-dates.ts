import type { BlogPost } from '@agency/contracts';

/** What the list says of a post: a published post whose date is still ahead is scheduled, not yet on the site. */
export type PostState = 'Draft' | 'Published' | 'Scheduled';

export function postState(post: Pick<BlogPost, 'status' | 'publishedAt'>, now = Date.now()): PostState {
  if (post.status === 'draft') return 'Draft';
  return post.publishedAt && Date.parse(post.publishedAt) > now ? 'Scheduled' : 'Published';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as a datetime-local input shows it: in the editor's own time zone, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value (the editor's local time) as the ISO moment the API takes; empty is null (now, when
 * published). Anything unreadable goes as typed, for the schema to name the field.
 */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
