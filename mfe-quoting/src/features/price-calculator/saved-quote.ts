import { QUOTE_STORAGE_KEY, SavedQuoteSchema, type SavedQuote } from '@agency/contracts';

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

/** A previously saved quote to start from, when there is a valid one. */
export function readStartingQuote(storage: Pick<Storage, 'getItem'>): SavedQuote | null {
  try {
    const raw = storage.getItem(QUOTE_STORAGE_KEY);
    const parsed = raw ? SavedQuoteSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}
