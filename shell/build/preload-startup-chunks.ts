import { rspack, type Compiler } from '@rspack/core';

/** Smaller files are not worth a hint: their request costs about what the hint saves. */
const MIN_BYTES = 10 * 1024;

/** A chunk group the federation runtime loads for a shared package, as opposed to one behind an `import()`. */
const isSharedFallback = (group: { origins: { module?: { identifier(): string } }[] }) =>
  group.origins.length > 0 &&
  group.origins.every((o) => o.module?.identifier().startsWith('consume shared module') ?? false);

/**
 * Adds `<link rel="preload">` to index.html for the big chunks every page needs at start-up: the bootstrap chunk
 * behind the async boundary and the shared packages it consumes (react-dom, the router facade). Without the hints the
 * browser discovers them only after main.js has run, one round trip later.
 */
export class PreloadStartupChunks {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'PreloadStartupChunks',
        async (data) => {
          const entry = compilation.entrypoints.get('main');
          if (!entry) return data;
          const files = new Set<string>();
          // Two levels: the async boundary's chunk group, and the shared packages its modules consume. Not the chunks
          // its code imports lazily: those are lazy so that pages which never need them never fetch them.
          for (const group of entry.childrenIterable) {
            for (const file of group.getFiles()) files.add(file);
            for (const child of group.childrenIterable)
              if (isSharedFallback(child)) for (const file of child.getFiles()) files.add(file);
          }
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const tags = [...files]
            .filter((file) => (compilation.getAsset(file)?.source.size() ?? 0) >= MIN_BYTES || file.endsWith('.css'))
            .sort()
            .map(
              (file) =>
                `<link rel="preload" href="${publicPath}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" />`,
            );
          return { ...data, html: data.html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`) };
        },
      );
    });
  }
}
