import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, formatNzdWhole, PRICE_RANGES } from '@agency/contracts';
import { renderWithHost } from '../../test-utils';
import { FaqPage } from './faq-page';

const question = (name: string) => screen.getByRole('button', { name });

describe('FAQ page', () => {
  it('links the quick navigation to the four category anchors', () => {
    renderWithHost(<FaqPage />, { path: '/faq' });
    const nav = screen.getByRole('navigation', { name: 'Quick Navigation' });
    const hrefs = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['#general-services', '#pricing-packages', '#website-development', '#digital-marketing']);
    for (const href of hrefs) expect(document.getElementById(href!.slice(1))).not.toBeNull();
  });

  it('opens questions independently, several at once, and closes each on its own', async () => {
    const user = userEvent.setup();
    renderWithHost(<FaqPage />, { path: '/faq' });
    const [first, second] = FAQ_CATEGORIES[1]!.entries;
    expect(question(first!.question)).toHaveAttribute('aria-expanded', 'false');

    await user.click(question(first!.question));
    await user.click(question(second!.question));
    expect(question(first!.question)).toHaveAttribute('aria-expanded', 'true');
    expect(question(second!.question)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first!.answer)).toBeVisible();
    expect(screen.getByText(first!.answer).textContent).toContain(formatNzdWhole(PRICE_RANGES.website.from));

    await user.click(question(first!.question));
    expect(question(first!.question)).toHaveAttribute('aria-expanded', 'false');
    expect(question(second!.question)).toHaveAttribute('aria-expanded', 'true');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithHost(<FaqPage />, { path: '/faq' });
    const q = FAQ_CATEGORIES[0]!.entries[0]!.question;
    question(q).focus();
    await user.keyboard('{Enter}');
    expect(question(q)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(question(q)).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends "Get Your Quote" to the custom quote page', () => {
    renderWithHost(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('link', { name: 'Get Your Quote' })).toHaveAttribute('href', '/custom-quote');
  });
});
