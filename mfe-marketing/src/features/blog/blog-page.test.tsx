import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOG_ARTICLES } from '@agency/contracts';
import { renderWithHost } from '../../test-utils';
import { BlogPage } from './blog-page';

const scrolled: Element[] = [];

describe('blog page', () => {
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the five articles in order with their anchors and dates', () => {
    renderWithHost(<BlogPage />, { path: '/blog' });
    const ids = [...document.querySelectorAll('article')].map((a) => a.id);
    expect(ids).toEqual(BLOG_ARTICLES.map((a) => a.id));
    const first = document.getElementById('auckland-retail-strategies')!;
    expect(within(first).getByText('21 July 2025')).toBeInTheDocument();
  });

  it.each([
    ['click', async (user: ReturnType<typeof userEvent.setup>, card: HTMLElement) => user.click(card)],
    [
      'Enter',
      async (user: ReturnType<typeof userEvent.setup>, card: HTMLElement) => {
        card.focus();
        await user.keyboard('{Enter}');
      },
    ],
    [
      'Space',
      async (user: ReturnType<typeof userEvent.setup>, card: HTMLElement) => {
        card.focus();
        await user.keyboard(' ');
      },
    ],
  ])('a jump card activated by %s scrolls smoothly to its article and focuses it', async (_how, activate) => {
    const user = userEvent.setup();
    renderWithHost(<BlogPage />, { path: '/blog' });
    const target = document.getElementById('google-business-profile')!;
    await activate(user, screen.getByTestId('jump-google-business-profile'));
    expect(scrolled).toEqual([target]);
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(target);
    expect(window.location.hash).toBe('#google-business-profile');
  });

  it('loads the first jump card image at once (the largest paint on phones) and the others when near', () => {
    renderWithHost(<BlogPage />, { path: '/blog' });
    const cards = BLOG_ARTICLES.map((a) => screen.getByTestId(`jump-${a.id}`));
    expect(cards[0]!.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('loading', 'eager');
    for (const card of cards.slice(1))
      expect(card.querySelector('img')?.getAttribute('loading') ?? 'not yet rendered').not.toBe('eager');
  });

  it('lists the topic chips and a call to action to the FAQ', () => {
    renderWithHost(<BlogPage />, { path: '/blog' });
    const topics = screen.getByRole('list', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SEO Strategy', 'Local Business', 'New Zealand', 'Digital Marketing']);
    expect(screen.getByRole('link', { name: 'Read our FAQ' })).toHaveAttribute('href', '/faq');
  });
});
