import { describe, expect, it } from 'vitest';
import { dashboardPath, dashboardPlace } from './paths';

// Decision 0101: the dashboard's place (tab, lead, post) is its address's query, built and read here only.
// The package builds without the DOM's types: the query is split here as URLSearchParams would for these cases.
const read = (search: string) => {
  const pairs = new Map(search.split('&').map((pair) => pair.split('=') as [string, string]));
  return dashboardPlace({ get: (name) => (pairs.has(name) ? decodeURIComponent(pairs.get(name)!) : null) });
};

describe('the dashboard place in the address', () => {
  it('builds the address of a tab, a lead and a post, and reads the same place back', () => {
    expect(dashboardPath()).toBe('/dashboard');
    expect(dashboardPath({ tab: 'blog', post: 12 })).toBe('/dashboard?tab=blog&post=12');
    expect(dashboardPath({ tab: 'leads', lead: 'enquiry-12' })).toBe('/dashboard?tab=leads&lead=enquiry-12');
    expect(dashboardPath({ tab: 'clients', client: 7 })).toBe('/dashboard?tab=clients&client=7');
    for (const place of [
      { tab: 'blog', post: 12 },
      { tab: 'leads', lead: 'quote-3' },
      { tab: 'privacy' },
      { tab: 'clients', client: 7 },
    ])
      expect(read(dashboardPath(place).split('?')[1]!)).toEqual(place);
  });

  it('opens Leads for a lead notice’s link without a tab', () => {
    expect(read('lead=consultation-7')).toEqual({ tab: 'leads', lead: 'consultation-7' });
  });

  it('leaves out whatever is malformed, so the dashboard opens its first tab', () => {
    expect(read('')).toEqual({});
    expect(read('tab=<script>&lead=enquiry-x&post=-1')).toEqual({});
    expect(read('tab=Blog&post=1.5')).toEqual({});
    expect(read('client=0')).toEqual({});
    expect(read('client=x7')).toEqual({});
    expect(read('lead=invoice-4&post=9007199254740993')).toEqual({});
    expect(read(`tab=${'a'.repeat(21)}`)).toEqual({});
  });
});
