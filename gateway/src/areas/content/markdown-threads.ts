import { oneThread } from '../../platform/one-thread';
import type { PostRender, RenderedPost } from './markdown';
import type { MarkdownTask } from './markdown-worker';

/**
 * A render still running after this long is stopped and its body refused. markdown-it is linear: the longest body
 * allowed renders in about a second on a loaded two-core host, so only a fault gets here.
 */
const DEADLINE_MS = 20_000;

const TOO_SLOW =
  'The body could not be formatted in time. Split it into shorter posts, or remove long runs of Markdown marks.';

/**
 * Markdown rendered off the event loop in one thread (decision 0049): staff saves and previews of posts up to 200,000
 * characters, and the background renders of posts written outside the API.
 */
export function markdownThreads(publicOrigin: string, nodeEnv: string) {
  const thread = oneThread<MarkdownTask, PostRender>(import.meta.url, 'markdown-worker', {
    nodeEnv,
    deadlineMs: DEADLINE_MS,
  });
  const run = (body: string, kind: MarkdownTask['kind']) => thread.run({ origin: publicOrigin, body, kind });
  return {
    /** A body staff send, rendered for storing, or why it is refused (too deep, or not formatted in time). */
    async renderPost(body: string): Promise<PostRender> {
      try {
        return await run(body, 'post');
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') return { ok: false, problem: TOO_SLOW };
        throw error;
      }
    },
    /** A stored body, rendered as far as it nests; throws when it cannot be. */
    async renderStored(body: string): Promise<RenderedPost> {
      const result = await run(body, 'stored');
      if (!result.ok) throw new Error(result.problem);
      return result.post;
    },
    close: thread.close,
  };
}

export type MarkdownThreads = ReturnType<typeof markdownThreads>;
