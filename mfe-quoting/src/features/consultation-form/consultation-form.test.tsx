import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectToast, mockFetch, renderWithHost } from '../../test-utils';
import { ConsultationForm } from './consultation-form';

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Business name *'), 'Bright Spark Electrical');
  await user.type(screen.getByLabelText('Your name *'), 'Aroha Thompson');
  await user.type(screen.getByLabelText('Email *'), 'aroha@brightspark.nz');
  await user.type(screen.getByLabelText('Phone *'), '021 555 0199');
  await user.type(screen.getByLabelText('Your biggest challenge right now *'), 'Quiet winters');
}

describe('consultation form', () => {
  it('requires business name, contact name, email, phone and the current challenge', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ body: {} });
    renderWithHost(<ConsultationForm service="google-ads" serviceRequested="Google Ads" />);
    await user.click(screen.getByRole('button', { name: 'Book My Free Consultation' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(5);
    expect(calls).toHaveLength(0);
  });

  it('offers the business types and timelines, sends the page service, and resets on success', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ status: 201, body: {} });
    const { host } = renderWithHost(<ConsultationForm service="google-ads" serviceRequested="Google Ads" />);
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Business type'), 'Tradie / trade business');
    await user.selectOptions(screen.getByLabelText('Timeline'), 'Within a month');
    await fetch.sendHeld(
      () => user.click(screen.getByRole('button', { name: 'Book My Free Consultation' })),
      'Submitting...',
    );
    await expectToast(host, 'Consultation Request Submitted!');
    expect(fetch.calls[0]).toMatchObject({
      path: '/api/submit-consultation',
      body: {
        businessType: 'tradies',
        timeline: '1-month',
        service: 'google-ads',
        serviceRequested: 'Google Ads',
        phone: '021 555 0199',
      },
    });
    expect(screen.getByLabelText('Business name *')).toHaveValue('');
  });

  it('keeps the input and names the configured phone number when sending fails', async () => {
    const user = userEvent.setup();
    mockFetch('network-error');
    const { host } = renderWithHost(<ConsultationForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Book My Free Consultation' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Submission Failed',
        description: 'Please try again or call us directly at 07 123 4567.',
      }),
    );
    expect(screen.getByLabelText('Business name *')).toHaveValue('Bright Spark Electrical');
  });

  it("shows the server's message when the visitor's network has sent too many requests", async () => {
    const user = userEvent.setup();
    const message =
      'We have received a lot of requests from your network. Please try again in 42 minutes, or email us at hello@example.nz.';
    mockFetch({ status: 429, body: { message } });
    const { host } = renderWithHost(<ConsultationForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Book My Free Consultation' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Submission Failed',
        description: message,
      }),
    );
    expect(screen.getByLabelText('Business name *')).toHaveValue('Bright Spark Electrical');
  });
});
