import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { SocialMediaLandingPage } from './social-media-landing-page';

describe('social media landing page calls to action', () => {
  it.each([
    [
      'Calculate My Price',
      { name: 'initiate_checkout', params: { cta_type: 'quote', button: 'Calculate My Price', page: '/' } },
    ],
    [
      'Book My Strategy Call',
      { name: 'lead', params: { cta_type: 'consultation', button: 'Book My Strategy Call', page: '/' } },
    ],
    ['Book a Free Call', { name: 'lead', params: { cta_type: 'consultation', button: 'Book a Free Call', page: '/' } }],
  ])('"%s" sends its call-to-action event once', (name, event) => {
    const { host } = renderWithHost(<SocialMediaLandingPage />);
    const [link] = screen.getAllByRole('link', { name });
    fireEvent.click(link!);
    expect(host.track.mock.calls.filter(([e]) => e.name === event.name)).toEqual([[event]]);
  });

  it("'Calculate My Price' leads to the calculator on the page", () => {
    renderWithHost(<SocialMediaLandingPage />);
    expect(screen.getByRole('link', { name: 'Calculate My Price' })).toHaveAttribute('href', '#calculator');
    expect(document.getElementById('calculator')).not.toBeNull();
  });
});
