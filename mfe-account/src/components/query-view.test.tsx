import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './query-view';

describe('Pager', () => {
  it('shows the page of the pages the total makes, and no pager for one page', () => {
    const { container, rerender } = render(<Pager page={2} pageSize={20} total={45} onPage={() => undefined} />);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    rerender(<Pager page={1} pageSize={20} total={20} onPage={() => undefined} />);
    expect(container.textContent).toBe('');
  });

  it('says "or more" and lets the reader go on past a count that stopped early', () => {
    const onPage = vi.fn();
    render(<Pager page={51} pageSize={20} total={1001} atLeast onPage={onPage} />);
    expect(screen.getByText('Page 51 of 51 or more')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(52);
  });
});
