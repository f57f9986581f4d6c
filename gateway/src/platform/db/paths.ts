import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The gateway package root, found from this file so it works from src/ (tsx, vitest) and from dist/. */
function findGatewayRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@agency/gateway')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @agency/gateway package root');
    dir = parent;
  }
}

export const gatewayRoot = findGatewayRoot();
export const migrationsFolder = path.join(gatewayRoot, 'drizzle');
