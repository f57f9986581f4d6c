import { SavedQuoteSchema, type SavedQuote } from '@agency/contracts';

/** A saved quote as the browser kept it, checked; anything else (old shape, edited by hand, not JSON) is none. */
export function parseSavedQuote(raw: string): SavedQuote | null {
  try {
    const parsed = SavedQuoteSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
