import { describe, expect, it } from 'vitest';
import { parseRemotePointer } from './remotes';
import { RemotePointerSchema } from './schemas/remote-pointer';

const entry = { version: '0.1.0-abc123', entry: '/mfe/marketing/0.1.0-abc123/mf-manifest.json' };

/** The browser's zod-free check must accept exactly what the schema accepts, and yield the same value. */
describe('parseRemotePointer agrees with RemotePointerSchema', () => {
  it.each([
    ['all three remotes', { remotes: { marketing: entry, quoting: entry, account: entry } }],
    ['no remotes', { remotes: {} }],
    ['an external entry', { remotes: { quoting: { version: 'external', entry: 'https://cdn.example/quoting/mf-manifest.json' } } }],
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
