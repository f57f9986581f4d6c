/**
 * The content of the visit's pages, by key: what the gateway put in the first page, then what pages reported showing
 * (host API `contentShown`). The route head is written from it after a client-side navigation. Keys name their item
 * (a slug), so a value stays right for every page of the visit; a page that shows the key again replaces it.
 */
let shown: Record<string, unknown> = {};
let listener = () => {};

/** The content the served page carries: its page reporting the very same values changes nothing. */
export const startShownContent = (served: Record<string, unknown>) => (shown = { ...served });

export function showContent(key: string, value: unknown): void {
  if (Object.hasOwn(shown, key) && shown[key] === value) return;
  shown[key] = value;
  listener();
}

/** Every value known, by key. */
export const shownContent = (): Readonly<Record<string, unknown>> => shown;

/** Told of every new value (the route head, which writes the current page's head again). */
export function onContentShown(next: () => void): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = () => {};
  };
}
