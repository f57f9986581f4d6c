// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormAlert } from './form';

afterEach(cleanup);

describe('FormAlert, a form’s own problem (decision 0110)', () => {
  it.each([
    ['no problem', undefined],
    ['an empty sentence', ''],
  ])('draws nothing for %s, so no empty alert is announced', (_, problem) => {
    const { container } = render(<FormAlert>{problem}</FormAlert>);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the problem once, in the one look every form uses', () => {
    render(<FormAlert className="w-full">The token could not be made.</FormAlert>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The token could not be made.');
    expect(alert).toHaveClass('bg-red-50', 'text-red-800', 'w-full');
  });
});
