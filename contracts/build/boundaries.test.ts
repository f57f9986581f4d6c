import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repo });

/** Whether the repository's ESLint config refuses `import` in a file at `file` (decisions 0028, 0055). */
async function refused(file: string, specifier: string) {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: path.join(repo, file) });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('layer and package boundaries', () => {
  it.each([
    ['contracts/src/x.ts', 'react'],
    ['contracts/src/x.ts', 'zustand/vanilla'],
    ['contracts/src/x.ts', 'node:crypto'],
    ['contracts/src/x.ts', '../client/session-store'],
    ['contracts/src/schemas/x.ts', '../../build/compile'],
    ['contracts/client/x.ts', 'node:fs'],
    ['contracts/client/x.ts', '../build/compile'],
    ['contracts/build/x.ts', '../client/host-context'],
    ['contracts/build/x.ts', 'react'],
    ['contracts/build/x.ts', '../ui/form'],
    ['contracts/src/x.ts', '../ui/form'],
    ['contracts/client/x.ts', '../ui/form'],
    ['contracts/client/x.ts', '@agency/contracts/ui'],
    ['contracts/ui/x.tsx', 'node:fs'],
    ['contracts/ui/x.tsx', '../build/compile'],
    ['contracts/ui/x.tsx', '../testing'],
    ['gateway/src/x.ts', '@agency/contracts/ui'],
    ['mfe-account/src/x.tsx', '@agency/contracts/ui/form'],
    ['gateway/src/x.ts', '@agency/contracts/client'],
    ['gateway/src/x.ts', '@agency/contracts/router'],
    ['mfe-quoting/src/x.ts', '../../mfe-marketing/src/index'],
    ['mfe-quoting/src/x.ts', '@agency/mfe-marketing'],
    ['mfe-quoting/src/x.ts', '@agency/contracts/build'],
    ['mfe-quoting/src/x.ts', 'react-router'],
    ['mfe-account/src/features/x.tsx', '@agency/contracts/testing'],
    ['gateway/src/x.ts', '@agency/contracts/testing'],
    ['shell/src/x.ts', '@agency/contracts/src/routes'],
    ['bench/x.ts', '../e2e/support/fixtures'],
    ['e2e/tests/x.ts', '../../gateway/src/app'],
    ['mfe-account/src/features/leads/leads-panel.tsx', '../content/blog-panel'],
    ['mfe-account/src/features/content/components/blog/x.tsx', '../../../leads/api/get-leads'],
    ['mfe-account/src/features/clients/x.tsx', '../../features/reports/files-panel'],
    ['mfe-account/src/features/audit/x.test.tsx', '../dashboard/dashboard-page'],
    ['mfe-account/src/features/dashboard/x.tsx', '../leads/api/get-leads'],
    ['mfe-account/src/lib/x.ts', '../features/auth/second-factor/enrol-step'],
    ['mfe-account/src/components/x.tsx', '../features/leads/leads-panel'],
    ['mfe-account/src/features/leads/x.tsx', 'react-router'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['contracts/src/x.ts', 'zod'],
    ['contracts/src/schemas/x.ts', '../routes'],
    ['contracts/client/x.ts', '../src/routes'],
    ['contracts/client/x.ts', 'react'],
    ['contracts/ui/x.tsx', '../client/http'],
    ['contracts/ui/x.tsx', 'react-hook-form'],
    ['mfe-account/src/features/x.tsx', '@agency/contracts/ui'],
    ['mfe-quoting/src/features/x.tsx', '@agency/contracts/ui'],
    ['contracts/build/x.ts', '../src/remotes'],
    ['gateway/src/x.ts', '@agency/contracts'],
    ['mfe-quoting/src/x.ts', '@agency/contracts/client'],
    ['mfe-quoting/src/x.ts', '@agency/contracts/router'],
    ['mfe-quoting/rspack.config.ts', '@agency/contracts/build'],
    ['bench/x.ts', '@agency/gateway/testing'],
    ['mfe-account/src/test-utils.tsx', '@agency/contracts/testing'],
    ['mfe-quoting/src/features/x.test.tsx', '@agency/contracts/testing'],
    ['mfe-account/src/features/dashboard/x.tsx', '../leads/leads-panel'],
    ['mfe-account/src/features/leads/components/x.tsx', '../api/get-leads'],
    ['mfe-account/src/features/content/components/blog/x.tsx', '../../../../lib/use-draft'],
    ['mfe-account/src/features/security/x.tsx', '../../components/recovery-codes'],
    ['mfe-account/src/features/leads/x.test.tsx', '../../test-utils'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});
