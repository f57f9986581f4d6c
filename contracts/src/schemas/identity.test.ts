import { describe, expect, it } from 'vitest';
import { identityKey, withoutBidiControls } from './identity';
import { RegisterSchema } from './auth';

describe('identityKey', () => {
  it.each([
    ['demo-admin', 'demo-admin'],
    ['Demo-Admin', 'demo-admin'],
    ['  DEMO-ADMIN  ', 'demo-admin'],
    ['ｄｅｍｏ－ａｄｍｉｎ', 'demo-admin'],
    ['Ｄｅｍｏ-Admin', 'demo-admin'],
    ['\u3000probe-rl3\u3000', 'probe-rl3'],
    ['Aroha@Example.CO.NZ', 'aroha@example.co.nz'],
    ['ﬁona', 'fiona'],
    ['Ä', 'ä'],
    ['A\u0308', 'ä'],
  ])('%j -> %j', (text, key) => {
    expect(identityKey(text)).toBe(key);
  });

  it('leaves names that differ in more than case and width apart', () => {
    expect(identityKey('demo-admin')).not.toBe(identityKey('demo_admin'));
    expect(identityKey('client1')).not.toBe(identityKey('client1 x'));
  });
});

describe('registration stores the normalised form', () => {
  it('turns fullwidth and padded input into the plain name, keeping its case', () => {
    const parsed = RegisterSchema.parse({
      username: ' Ｄｅｍｏ-Admin ',
      email: ' Ｄｅｍｏ@Example.NZ ',
      password: 'Kahikatea#2025',
    });
    expect(parsed.username).toBe('Demo-Admin');
    expect(parsed.email).toBe('demo@example.nz');
    // Everything a username may hold is ASCII, where SQLite's lower() is the same as identityKey.
    expect(identityKey(parsed.username)).toBe(parsed.username.toLowerCase());
  });

  it('refuses a username that is not ASCII once normalised', () => {
    expect(
      RegisterSchema.safeParse({ username: 'mäori', email: 'm@example.nz', password: 'Kahikatea#2025' }).success,
    ).toBe(false);
  });
});

describe('withoutBidiControls', () => {
  it.each([
    ['invoice\u202efdp.html', 'invoicefdp.html'],
    ['\u2067report\u2069.pdf', 'report.pdf'],
    ['a\u200eb\u200fc\u061cd', 'abcd'],
    ['Māori report.pdf', 'Māori report.pdf'],
  ])('%j -> %j', (text, clean) => {
    expect(withoutBidiControls(text)).toBe(clean);
  });
});
