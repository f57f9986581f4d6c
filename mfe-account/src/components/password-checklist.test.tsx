import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist, passwordMeetsRules } from './password-checklist';

describe('password checklist', () => {
  it('stays hidden until something is typed', () => {
    const { container } = render(<PasswordChecklist password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks each rule as met or not', () => {
    render(<PasswordChecklist password="abc" />);
    expect(screen.getByText('Password must meet all requirements:')).toBeInTheDocument();
    expect(screen.getAllByText(/\(not met\)/).length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByText(/\(met\)/).length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['Sh0rt!', false],
    ['alllowercase1!', false],
    ['ALLUPPERCASE1!', false],
    ['NoDigitsHere!', false],
    ['NoSpecial123', false],
    ['Valid-Pass1', true],
    ['C0rrect"Horse', true],
  ])('%s meets all rules: %s', (password, ok) => {
    expect(passwordMeetsRules(password)).toBe(ok);
  });
});
