import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { HostApi } from '@agency/contracts/client';
import { AboutPage } from './features/about/about-page';
import { ContactPage } from './features/contact/contact-page';
import { Audiences } from './features/home/home-sections';
import { GbpOptimisationPage } from './features/services/gbp-optimisation-page';
import { ServicePage } from './features/services/service-page';
import { ServicesPage } from './features/services/services-page';
import { renderWithHost } from './test-utils';

/** Emoji (pictographs, dingbats, variation selectors) and the check and cross marks that stood in for icons. */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}]|\u{FE0F}/u;
const loadRemote = vi.fn(() => new Promise(() => {})) as unknown as HostApi['loadRemote'];

describe('icons are SVG, never emoji (emoji render as empty boxes without an emoji font)', () => {
  it.each<[string, () => ReactElement, number]>([
    ['the home audience cards', () => <Audiences />, 6],
    ['the services index', () => <ServicesPage />, 6],
    ['the about values', () => <AboutPage />, 3],
    ['the contact consultation list', () => <ContactPage />, 4],
    ['the Google Business Profile page', () => <GbpOptimisationPage />, 2],
    ['a service hero highlight', () => <ServicePage slug="web-development" />, 1],
  ])('%s', (_label, ui, atLeast) => {
    const { container } = renderWithHost(ui(), { loadRemote });
    expect(container.textContent).not.toMatch(EMOJI);
    const icons = container.querySelectorAll('svg.lucide');
    expect(icons.length).toBeGreaterThanOrEqual(atLeast);
    // Each illustrates words beside it, so assistive technology skips it.
    for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the card titles as the text that carries the meaning', () => {
    renderWithHost(<Audiences />);
    for (const title of ['Professional Services', 'Tradies', 'Retail & E-commerce'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });
});
