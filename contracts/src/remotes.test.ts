import { describe, expect, it } from 'vitest';
import { federationShared, packageOf, parseRemotePointer } from './remotes';
import { RemotePointerSchema } from './schemas/remote-pointer';

const entry = { version: '0.1.0-abc123', entry: '/mfe/marketing/0.1.0-abc123/mf-manifest.json' };

/** The browser's zod-free check must accept exactly what the schema accepts, and yield the same value. */
describe('parseRemotePointer agrees with RemotePointerSchema', () => {
  it.each([
    ['all three remotes', { remotes: { marketing: entry, quoting: entry, account: entry } }],
    ['no remotes', { remotes: {} }],
    [
      'an external entry',
      { remotes: { quoting: { version: 'external', entry: 'https://cdn.example/quoting/mf-manifest.json' } } },
    ],
    ['extra keys, dropped', { remotes: { marketing: { ...entry, note: 'x' } }, generatedAt: 1 }],
    ['an unknown remote', { remotes: { billing: entry } }],
    ['a version with a slash', { remotes: { marketing: { ...entry, version: '../up' } } }],
    ['an empty version', { remotes: { marketing: { ...entry, version: '' } } }],
    ['a version of 81 characters', { remotes: { marketing: { ...entry, version: 'v'.repeat(81) } } }],
    ['an empty entry', { remotes: { marketing: { ...entry, entry: '' } } }],
    ['an entry of 2001 characters', { remotes: { marketing: { ...entry, entry: '/'.repeat(2001) } } }],
    ['a numeric version', { remotes: { marketing: { ...entry, version: 1 } } }],
    ['a remote that is null', { remotes: { marketing: null } }],
    ['remotes as an array', { remotes: [entry] }],
    ['no remotes key', {}],
    ['null', null],
    ['a string', 'pointer'],
  ])('%s', (_label, value) => {
    const schema = RemotePointerSchema.safeParse(value);
    expect(parseRemotePointer(value)).toEqual(schema.success ? schema.data : null);
  });
});

describe('federationShared', () => {
  const versions: Record<string, string> = {
    react: '19.3.1',
    'react-dom': '19.3.1',
    '@agency/contracts': '0.1.0',
    zustand: '5.1.0',
  };
  const shared = federationShared((pkg) => versions[pkg] ?? 'missing');

  it('shares routing through the contracts facade, never react-router itself (it would ship whole)', () => {
    expect(Object.keys(shared)).not.toContain('react-router');
    expect(shared['@agency/contracts/router']).toEqual({ singleton: true, requiredVersion: '^0.1.0' });
  });

  it('asks each package for its version once, by package name', () => {
    expect(shared['react-dom/']).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(Object.values(shared).map((s) => (s as { requiredVersion: string }).requiredVersion)).not.toContain(
      '^missing',
    );
    expect([packageOf('react/jsx-runtime'), packageOf('@agency/contracts/router'), packageOf('zustand')]).toEqual([
      'react',
      '@agency/contracts',
      'zustand',
    ]);
  });
});
