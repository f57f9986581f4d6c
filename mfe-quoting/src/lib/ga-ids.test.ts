import { describe, expect, it } from 'vitest';
import { gaIds } from './ga-ids';

describe('gaIds', () => {
  it('reads the client id from _ga and the session id from either _ga_<stream> format', () => {
    expect(gaIds('_ga=GA1.1.1234567890.1700000000; _ga_ABC123=GS1.1.1700000123.3.1.1700000456.0.0.0')).toEqual({
      clientId: '1234567890.1700000000',
      sessionId: '1700000123',
    });
    expect(gaIds('a=b; _ga=GA1.2.42.1700000000; _ga_XYZ=GS2.1.s1732870000$o5$g1$t1732870100$j60$l0$h0')).toEqual({
      clientId: '42.1700000000',
      sessionId: '1732870000',
    });
  });

  it('gives nothing for absent or unexpected cookies', () => {
    expect(gaIds('')).toEqual({});
    expect(gaIds('_ga=junk; _ga_X=GS9.whatever')).toEqual({});
  });
});
