import { describe, expect, it } from 'vitest';
import { parseFigures } from './metrics-form';

describe('parseFigures', () => {
  it.each([
    ['Sessions: 1,200\nAverage position: 4.2', { Sessions: 1200, 'Average position': 4.2 }],
    ['Top keyword: plumber hamilton', { 'Top keyword': 'plumber hamilton' }],
    ['  \n\n', null],
    ['Leads', { Leads: '' }],
  ])('%j', (text, expected) => expect(parseFigures(text)).toEqual(expected));
});
