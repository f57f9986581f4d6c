import { routes } from '@agency/contracts';
import { describe, expect, it } from 'vitest';
import * as pages from './pages';

describe('src/pages.ts', () => {
  it('maps every module name the route table gives the marketing remote, and nothing else, to a component', () => {
    const modules = new Set(routes.filter((r) => r.owner === 'marketing').map((r) => r.module));
    expect(Object.keys(pages).sort()).toEqual([...modules].sort());
    for (const [name, page] of Object.entries(pages)) expect(typeof page, name).toBe('function');
  });
});
