import { QUOTE_STORAGE_KEY, type SavedQuote } from '@agency/contracts';

export interface AppliedDiscount {
  code: string;
  percentage: number;
}

export function writeSavedQuote(storage: Pick<Storage, 'setItem'>, quote: SavedQuote): void {
  try {
    storage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(quote));
  } catch {
    // Private mode or a full quota: the calculator still works, the quote just is not kept.
  }
}

/**
 * A previously saved quote to start from, when there is a valid one. The schema that checks it, and zod with it, is
 * fetched only when the browser holds one: a first visit loads and runs none of it (decision 0070).
 */
export async function readStartingQuote(storage: Pick<Storage, 'getItem'>): Promise<SavedQuote | null> {
  let raw: string | null;
  try {
    raw = storage.getItem(QUOTE_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  const { parseSavedQuote } = await import('./parse-saved-quote');
  return parseSavedQuote(raw);
}
