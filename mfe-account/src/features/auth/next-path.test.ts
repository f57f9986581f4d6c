import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('nextPath', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/dashboard?tab=leads&lead=enquiry-4', '/dashboard?tab=leads&lead=enquiry-4'],
    ['/dashboard#files', '/dashboard#files'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['dashboard', '/dashboard'],
    [`/${'a'.repeat(2001)}`, '/dashboard'],
  ])('%j goes on to %j', (next, expected) => {
    expect(nextPath(next)).toBe(expected);
  });
});
