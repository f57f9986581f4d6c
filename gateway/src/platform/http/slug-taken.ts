import type { Context } from 'hono';

/** SQLite's words for a unique index refusing a row, as libSQL reports them (on the error or on its cause). */
const isUniqueViolation = (error: unknown, column: string) => {
  const text = `${String(error)} ${String((error as { cause?: unknown } | null)?.cause ?? '')}`;
  return text.includes(`UNIQUE constraint failed: ${column}`);
};

/**
 * Runs a write whose row has a unique slug (`column`, e.g. `blog_posts.slug`): a slug another row already has is a
 * 409 naming the `slug` field with `message`, not a 500. Anything else is thrown on.
 */
export async function savingSlug<T>(c: Context, column: string, message: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, column)) return c.json({ message, errors: { slug: message } }, 409);
    throw error;
  }
}
