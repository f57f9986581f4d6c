/**
 * A Markdown thread (areas/content/markdown-threads.ts, decision 0049): renders one body per task, so a long post's render
 * never holds the gateway's event loop. It gets the body and the site's origin, nothing else.
 */
import { createMarkdown, type Markdown, type PostRender } from './markdown';

export interface MarkdownTask {
  origin: string;
  body: string;
  /** `post`: a body staff send (refused when nested too deep); `stored`: a stored body, rendered as it nests. */
  kind: 'post' | 'stored';
}

const renderers = new Map<string, Markdown>();

export default function render({ origin, body, kind }: MarkdownTask): PostRender {
  let markdown = renderers.get(origin);
  if (!markdown) renderers.set(origin, (markdown = createMarkdown(origin)));
  return kind === 'post' ? markdown.renderPost(body) : { ok: true, post: markdown.renderStored(body) };
}
