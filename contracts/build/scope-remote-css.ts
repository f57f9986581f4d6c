import type { AtRule as PostcssAtRule, Plugin, Root } from 'postcss';

/**
 * PostCSS plugin for remotes: wraps the remote's Tailwind utilities in `@scope ([data-remote="<name>"])`.
 *
 * Every app ships its own Tailwind build with the same class names. Without a scope, a remote's stylesheet that
 * arrives later overrides the shell's responsive classes (a remote's `.hidden` beat the shell's `md:flex` and hid
 * the header controls). Scoped, a remote's rules match only inside its own root (the `data-remote` wrapper its
 * exposed modules render, `exposedModule` in client/host-context.tsx), and there they win over the shell's
 * unscoped rules by scope proximity.
 */
export function scopeRemoteCss({ remote }: { remote: string }): Plugin {
  if (!/^[a-z][a-z0-9-]*$/.test(remote)) throw new Error(`scope-remote-css: bad remote name ${remote}`);
  return {
    postcssPlugin: 'scope-remote-css',
    OnceExit(root: Root, { AtRule }: { AtRule: new (defaults: { name: string; params: string }) => PostcssAtRule }) {
      root.walkAtRules('layer', (layer) => {
        if (layer.params !== 'utilities' || !layer.nodes?.length) return;
        const scope = new AtRule({ name: 'scope', params: `([data-remote="${remote}"])` });
        scope.append(layer.nodes);
        layer.append(scope);
      });
    },
  };
}
