import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { PrivacyRequestPage } from './privacy-request-page';

/** Answers every fetch with `status` and `body`, recording what was sent. */
function answering(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('the privacy request form (decision 0055)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says the schema's problem at the e-mail field and sends nothing", async () => {
    const sent = answering(200, { message: 'Sent.' });
    renderWithHost(<PrivacyRequestPage />, { path: '/privacy-request' });
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    const email = screen.getByLabelText(/^Your e-mail address/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('sends the address, the choice and the details, and keeps the address and choice for another request', async () => {
    const sent = answering(200, { message: 'We have sent a confirmation link to hemi@example.nz.' });
    renderWithHost(<PrivacyRequestPage />, { path: '/privacy-request' });
    await userEvent.type(screen.getByLabelText(/^Your e-mail address/), 'hemi@example.nz');
    await userEvent.click(screen.getByLabelText('Delete what you hold about me'));
    await userEvent.type(screen.getByLabelText('Anything we should know (optional)'), 'The old shop.');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a confirmation link');
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/api/privacy-requests') as string,
        body: { email: 'hemi@example.nz', kind: 'deletion', details: 'The old shop.' },
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Make another request' }));
    expect(screen.getByLabelText(/^Your e-mail address/)).toHaveValue('hemi@example.nz');
    expect(screen.getByLabelText('Delete what you hold about me')).toBeChecked();
    expect(screen.getByLabelText('Anything we should know (optional)')).toHaveValue('');
  });

  it("says a refusal in the server's words under the form, once, and keeps what was typed", async () => {
    answering(429, { message: 'Too many requests from your network. Please try again in 60 minutes.' });
    renderWithHost(<PrivacyRequestPage />, { path: '/privacy-request' });
    await userEvent.type(screen.getByLabelText(/^Your e-mail address/), 'hemi@example.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from your network. Please try again in 60 minutes.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText(/^Your e-mail address/)).toHaveValue('hemi@example.nz');
    expect(screen.getByRole('button', { name: 'Send my request' })).toBeEnabled();
  });
});
