import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyImage } from './lazy-image';

describe('LazyImage', () => {
  it('shows a placeholder, then the responsive image once loaded', () => {
    const { container } = render(<LazyImage image="blog-seo" alt="SEO notebook" />);
    const box = container.firstElementChild!;
    expect(box).toHaveAttribute('data-status', 'placeholder');
    const img = screen.getByRole('img', { name: 'SEO notebook' });
    expect(img.getAttribute('srcset')).toMatch(/400w, .* 800w, .* 1200w, .* 1600w$/);
    fireEvent.load(img);
    expect(box).toHaveAttribute('data-status', 'loaded');
  });

  it.each([
    [undefined, 'Image not available'],
    ['Image unavailable', 'Image unavailable'],
  ])('says so when the image fails (%s)', (failedText, shown) => {
    const { container } = render(<LazyImage image="blog-seo" alt="SEO notebook" failedText={failedText} />);
    fireEvent.error(screen.getByRole('img', { name: 'SEO notebook' }));
    expect(container.firstElementChild).toHaveAttribute('data-status', 'failed');
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});
