import type { PublicRuntimeConfig, RemoteName } from '@agency/contracts';

// The messages between the gateway and a render process (render-process.ts, decision 0073), one JSON line each.
// Types only: the render process may import nothing it would have to read from disk.

/**
 * The shell's server build, as text: the process reads no file. With `practice`, the process then renders that URL
 * once with an empty page, so React's server renderer is compiled before any remote's render is timed.
 */
export interface LoadShell {
  type: 'shell';
  code: string;
  /** A name for stack traces (the file the code was read from). */
  filename: string;
  practice?: { url: string; config: PublicRuntimeConfig };
}

/** A remote version's server build, evaluated (its module code run, its `pages()` called) before its first render. */
export interface LoadRemote {
  type: 'load';
  id: number;
  remote: { name: RemoteName; version: string; publicPath: string; code: string };
}

export interface RenderRequest {
  type: 'render';
  id: number;
  /** A version this process has loaded. */
  remote: { name: RemoteName; version: string };
  module: string;
  url: string;
  config: PublicRuntimeConfig;
  /** The page's content by key (page-data.ts). */
  data?: Record<string, unknown>;
  /** Markup longer than this is refused rather than sent back. */
  maxBytes: number;
}

export type ToProcess = LoadShell | LoadRemote | RenderRequest;

/**
 * Why a load or render failed, in the process's own classification: the remote's code threw (its message goes to the
 * gateway's log only, cut and cleaned), it asked for a module the shell does not share, its build exports no
 * `pages()`, or the markup was not a string or was too large.
 */
export type RenderCause = 'threw' | 'unshared-module' | 'no-pages' | 'no-markup' | 'too-large';

export type RenderResult =
  | { type: 'result'; id: number; ok: true; markup: string | null; missing?: boolean }
  | { type: 'result'; id: number; ok: false; cause: RenderCause; message?: string };

export type FromProcess =
  | { type: 'ready' }
  /** The shell's server build did not load (the process then exits). */
  | { type: 'shell-failed'; message?: string }
  /** Answers a load (`markup` null) or a render. */
  | RenderResult;
