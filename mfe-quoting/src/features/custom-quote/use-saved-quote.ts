import { useEffect, useState } from 'react';
import { QUOTE_STORAGE_KEY, SavedQuoteSchema, type SavedQuote, type SavedQuoteInput } from '@agency/contracts';

export type SavedQuoteState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error' }
  | { status: 'ready'; quote: SavedQuote; raw: SavedQuoteInput };

/** Reads the quote the price calculator saved in this browser (spec: localStorage key quoteData). */
export function readSavedQuote(storage: Pick<Storage, 'getItem'>): Exclude<SavedQuoteState, { status: 'loading' }> {
  const raw = storage.getItem(QUOTE_STORAGE_KEY);
  if (raw === null || raw === '') return { status: 'empty' };
  try {
    const json: unknown = JSON.parse(raw);
    const parsed = SavedQuoteSchema.safeParse(json);
    // The stored object is sent on as is (leads-and-quoting §3), as the schema's input it just passed; the parsed copy is what the
    // page displays.
    return parsed.success ? { status: 'ready', quote: parsed.data, raw: json as SavedQuoteInput } : { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

export function useSavedQuote(): SavedQuoteState {
  const [state, setState] = useState<SavedQuoteState>({ status: 'loading' });
  useEffect(() => setState(readSavedQuote(window.localStorage)), []);
  return state;
}
