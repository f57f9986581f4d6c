import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postFixture, renderWithHost } from '../../test-utils';
import { BlogPage } from './blog-page';

const scrolled: Element[] = [];
const SLUGS = ['auckland-retail-strategies', 'landscaping-ideas', 'google-business-profile'];
const posts = SLUGS.map((slug, i) => postFixture(slug, `2025-07-${21 - i}T00:00:00.000Z`));
const pageData = { 'blog-posts': { items: posts, total: posts.length, page: 1, pageSize: 12 } };
const renderBlog = () => renderWithHost(<BlogPage />, { path: '/blog', pageData });

describe('blog page', () => {
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the posts the page carries in order, with their anchors, dates and bodies', () => {
    renderBlog();
    const ids = [...document.querySelectorAll('article')].map((a) => a.id);
    expect(ids).toEqual(SLUGS);
    const first = document.getElementById('auckland-retail-strategies')!;
    expect(within(first).getByText('21 July 2025')).toBeInTheDocument();
    expect(within(first).getByText('Body of auckland-retail-strategies')).toBeInTheDocument();
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
    renderBlog();
    const target = document.getElementById('google-business-profile')!;
    await activate(user, screen.getByTestId('jump-google-business-profile'));
    expect(scrolled).toEqual([target]);
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(target);
    expect(window.location.hash).toBe('#google-business-profile');
  });

  it('loads the first jump card image at once (the largest paint on phones) and the others when near', () => {
    renderBlog();
    const cards = SLUGS.map((slug) => screen.getByTestId(`jump-${slug}`));
    expect(cards[0]!.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('loading', 'eager');
    for (const card of cards.slice(1))
      expect(card.querySelector('img')?.getAttribute('loading') ?? 'not yet rendered').not.toBe('eager');
  });

  it('lists the topic chips and a call to action to the FAQ', () => {
    renderBlog();
    const topics = screen.getByRole('list', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SEO Strategy', 'Local Business', 'New Zealand', 'Digital Marketing']);
    expect(screen.getByRole('link', { name: 'Read our FAQ' })).toHaveAttribute('href', '/faq');
  });
});
