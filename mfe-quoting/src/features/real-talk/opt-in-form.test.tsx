import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithHost } from '../../test-utils';
import { OptInPage } from './opt-in-page';

describe('Real Talk opt-in', () => {
  it('has two identical forms that check first name and e-mail', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ body: {} });
    renderWithHost(<OptInPage />, { path: '/real-talk-opt-in' });
    const forms = screen.getAllByRole('form', { name: 'Get the free audio' });
    expect(forms).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Send Me the Free Audio' })[0]!);
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('marks both fields of each form required, as the other public forms do', () => {
    renderWithHost(<OptInPage />, { path: '/real-talk-opt-in' });
    for (const name of ['First name *', 'Email *']) {
      const fields = screen.getAllByRole('textbox', { name });
      expect(fields).toHaveLength(2);
      for (const field of fields) expect(field).toBeRequired();
    }
  });

  it('reads Sending... and then goes to the thank-you page', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ status: 201, body: {} });
    const { host } = renderWithHost(<OptInPage />, { path: '/real-talk-opt-in' });
    await user.type(screen.getAllByLabelText('First name *')[1]!, 'Hemi');
    await user.type(screen.getAllByLabelText('Email *')[1]!, 'hemi@example.nz');
    await fetch.sendHeld(
      () => user.click(screen.getAllByRole('button', { name: 'Send Me the Free Audio' })[1]!),
      'Sending...',
    );
    expect(await screen.findByText('/real-talk-thank-you')).toBeInTheDocument();
    expect(fetch.calls[0]).toEqual({
      path: '/api/opt-in',
      body: { firstName: 'Hemi', email: 'hemi@example.nz', leadMagnet: 'real-talk-audio' },
    });
    expect(host.track).toHaveBeenCalledWith(expect.objectContaining({ name: 'lead' }));
  });

  it('stays on the page with a visible error and an analytics event when sending fails', async () => {
    const user = userEvent.setup();
    mockFetch({ status: 500, body: { message: 'Internal' } });
    const { host } = renderWithHost(<OptInPage />, { path: '/real-talk-opt-in' });
    await user.type(screen.getAllByLabelText('First name *')[0]!, 'Hemi');
    await user.type(screen.getAllByLabelText('Email *')[0]!, 'hemi@example.nz');
    await user.click(screen.getAllByRole('button', { name: 'Send Me the Free Audio' })[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't sign you up just now");
    expect(screen.getByTestId('location')).toHaveTextContent('/real-talk-opt-in');
    expect(host.track).toHaveBeenCalledWith({ name: 'form_error', params: { form: 'real-talk-opt-in', status: 500 } });
  });
});
