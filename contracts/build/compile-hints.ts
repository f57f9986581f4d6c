import { rspack } from '@rspack/core';

/** V8's explicit compile hint (Chrome 136+): compile every function in the file while it streams in. */
export const COMPILE_EAGERLY = '//# allFunctionsCalledOnLoad';

/**
 * Marks every emitted script for eager compilation (decision 0045). Code splitting already loads a chunk only when
 * its code is about to run (the start-up chunks, a page's exposed module, a lazy feature), so V8 compiles it on the
 * streaming thread as it arrives instead of function by function on the main thread during hydration. Browsers
 * without the hint read a comment. Added after minification (which drops comments) and before the content hash, so
 * the hashed file names still name what is served.
 */
export const compileEagerly = () =>
  new rspack.BannerPlugin({
    banner: COMPILE_EAGERLY,
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
