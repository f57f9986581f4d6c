/**
 * The content pages reported showing during this visit, by key (host API `contentShown`): what the page head is
 * written from after a client-side navigation. Keys name their item (a slug), so a value stays right for every page
 * of the visit; a page that shows the key again replaces it.
 */
const shown = new Map<string, unknown>();
let listener: (() => void) | undefined;

export function showContent(key: string, value: unknown): void {
  if (shown.has(key) && Object.is(shown.get(key), value)) return;
  shown.set(key, value);
  listener?.();
}

/** The value a page reported for `key`; undefined when none did. */
export const shownContent = (key: string): unknown => shown.get(key);

/** Told of every new value (the route head, which writes the head again when the value is the current page's). */
export function onContentShown(next: () => void): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}
