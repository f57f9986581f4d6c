import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithHost } from '../../test-utils';
import { WebsiteCalculatorPage } from './website-calculator-page';

const summary = () => within(screen.getByRole('complementary', { name: 'Your website quote' }));

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email *'), 'tama@example.nz');
  await user.type(screen.getByLabelText('Phone *'), '021 555 0101');
  await user.click(screen.getByRole('button', { name: 'Email Me This Quote' }));
}

describe('website calculator', () => {
  it.each([
    // [what is chosen, one-time excl., one-time incl., monthly incl.] worked by hand from the spec's tables
    ['storefront only', [], '$1,198.00', '$1,377.70', '$0.00'],
    [
      'storefront + Logo Design + chatbot setup and support',
      ['Logo Design', 'Chatbot setup', 'Monthly support and tuning'],
      '$1,947.00',
      '$2,239.05',
      '$113.85',
    ],
  ])('prices %s on screen', async (_label, boxes, excl, incl, monthly) => {
    const user = userEvent.setup();
    renderWithHost(<WebsiteCalculatorPage />);
    for (const box of boxes) await user.click(screen.getByRole('checkbox', { name: new RegExp(box) }));
    expect(summary().getByTestId('one-time-excl')).toHaveTextContent(excl);
    expect(summary().getByTestId('one-time-incl')).toHaveTextContent(incl);
    expect(summary().getByTestId('monthly-incl')).toHaveTextContent(monthly);
  });

  it('adds social posts, SEO and Meta Ads to the monthly total', async () => {
    const user = userEvent.setup();
    renderWithHost(<WebsiteCalculatorPage />);
    await user.selectOptions(screen.getByLabelText('SEO service'), 'local');
    await user.selectOptions(screen.getByLabelText('Management package'), 'starter');
    // Local SEO 640 + Meta Ads starter 999 = 1,639 a month; + 15% GST = 1,884.85.
    expect(summary().getByTestId('monthly-excl')).toHaveTextContent('$1,639.00');
    expect(summary().getByTestId('monthly-incl')).toHaveTextContent('$1,884.85');
  });

  it('keeps chosen add-ons when the package changes and changes back', async () => {
    const user = userEvent.setup();
    renderWithHost(<WebsiteCalculatorPage />);
    await user.click(screen.getByRole('checkbox', { name: /Logo Design/ }));
    await user.click(screen.getByRole('radio', { name: /Landing Page/ }));
    expect(screen.queryByRole('checkbox', { name: /Logo Design/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Storefront Website/ }));
    expect(screen.getByRole('checkbox', { name: /Logo Design/ })).toBeChecked();
    expect(summary().getByTestId('one-time-excl')).toHaveTextContent('$1,397.00');
  });

  it.each([
    [
      'the server accepts',
      { status: 200, body: { success: true, id: 1, message: 'ok', pricing: {} } },
      'Quote Generated Successfully!',
    ],
    [
      'the server declines',
      { status: 200, body: { success: false, message: 'We will be in touch.', pricing: {} } },
      'Quote Not Sent',
    ],
    ['the call fails', 'network-error' as const, 'Quote Not Sent'],
  ])('shows the price text below the form when %s', async (_label, answer, title) => {
    const user = userEvent.setup();
    const fetch = mockFetch(answer);
    const { host } = renderWithHost(<WebsiteCalculatorPage />);
    await fetch.sendHeld(() => fillForm(user), 'Sending Quote...');
    expect(await screen.findByTestId('quote-price-text')).toHaveTextContent('$1,377.70 one-time and $0.00 per month');
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ title })));
    expect(fetch.calls[0]).toMatchObject({
      path: '/api/website-quote',
      body: { email: 'tama@example.nz', websitePackage: 'storefront', pricing: { totalOneTime: 1198 } },
    });
  });

  it('shows the configured video, or its written version while none is set', () => {
    const { unmount } = renderWithHost(<WebsiteCalculatorPage />);
    expect(screen.getByRole('heading', { name: 'How we build your website' })).toBeInTheDocument();
    expect(screen.getByTestId('website-video-text')).toHaveTextContent('A free 30-minute call.');
    expect(screen.queryByTestId('website-video')).not.toBeInTheDocument();
    unmount();
    renderWithHost(<WebsiteCalculatorPage />, { config: { websiteCalculatorVideoUrl: '/media/website.mp4' } });
    expect(screen.getByTestId('website-video')).toHaveAttribute('src', '/media/website.mp4');
    expect(screen.queryByTestId('website-video-text')).not.toBeInTheDocument();
  });

  it('asks for the e-mail address first', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ body: {} });
    const { host } = renderWithHost(<WebsiteCalculatorPage />);
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Get this quote by email' });
    form.noValidate = true;
    await user.click(within(form).getByRole('button', { name: 'Email Me This Quote' }));
    expect(host.toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Email Required',
      description: 'Please enter your email address to receive the quote.',
    });
    expect(calls).toHaveLength(0);
  });
});
