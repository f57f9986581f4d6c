import { existsSync } from 'node:fs';

/** The few parts of Rspack's compiler this plugin touches (contracts does not depend on @rspack/core). */
interface Compiler {
  options: { resolve: { alias?: unknown } };
  hooks: { afterPlugins: { tap(name: string, fn: () => void): void } };
  webpack: {
    NormalModuleReplacementPlugin: new (
      pattern: RegExp,
      replace: (data: { request: string; createData?: unknown }) => void,
    ) => { apply(compiler: Compiler): void };
  };
}

const NAME = 'FederationRuntimeAsEsm';
const CJS = /\.cjs$/;
/**
 * What the plugin's generated start-up module imports by absolute path: the bundler half of the runtime and
 * federation's own runtime plugins (the shell's `inject-external-runtime-core-plugin` brings runtime-core whole).
 */
const FEDERATION_PACKAGE_CJS = /@module-federation[\\/][\w-]+[\\/]dist[\\/]index\.cjs$/;
const RUNTIME = '@module-federation/runtime';

/** The ES module build beside a CommonJS file of the federation packages, if there is one. */
const esmTwin = (file: string) => {
  const twin = file.replace(CJS, '.js');
  return twin !== file && existsSync(twin) ? twin : undefined;
};

/**
 * Module Federation's Rspack plugin finds its browser runtime with `require.resolve`, so every app bundled the
 * runtime's CommonJS build: the bundler can neither scope-hoist nor tree-shake it, and helpers for Node
 * (`sdk/node`) rode along in a web build. The same packages ship ES modules of the same version beside it; this
 * plugin points those entry points at them, and everything they import follows as ES modules (decision 0015).
 * Apply it after `ModuleFederationPlugin`. If a future release stops shipping the twin files, nothing changes.
 */
export class FederationRuntimeAsEsm {
  apply(compiler: Compiler) {
    // Rspack's federation plugin sets this alias to the runtime's CommonJS file while it is applied.
    compiler.hooks.afterPlugins.tap(NAME, () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || typeof alias !== 'object' || Array.isArray(alias)) return;
      const current = (alias as Record<string, unknown>)[RUNTIME];
      const twin = typeof current === 'string' ? esmTwin(current) : undefined;
      if (twin) compiler.options.resolve.alias = { ...alias, [RUNTIME]: twin };
    });
    new compiler.webpack.NormalModuleReplacementPlugin(FEDERATION_PACKAGE_CJS, (data) => {
      // Called before resolution (with `request`) and after it (with `createData`); only the former is rewritten.
      if (data.createData) return;
      const twin = esmTwin(data.request);
      if (twin) data.request = twin;
    }).apply(compiler);
  }
}
