import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithHost } from '../../test-utils';
import { EnquiryForm } from './enquiry-form';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Business name *'), 'Marsh Building');
  await user.type(screen.getByLabelText('Your name *'), 'Dave Marsh');
  await user.type(screen.getByLabelText('Email *'), 'dave@marsh.nz');
  await user.click(screen.getByLabelText('Website Design'));
}

describe('home enquiry form', () => {
  it('shows the four validation messages on submit and clears a field error as the field is edited', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ body: {} });
    renderWithHost(<EnquiryForm />);
    await user.click(screen.getByRole('button', { name: 'Send My Enquiry' }));
    for (const text of [
      'Business name is required',
      'Contact name is required',
      'Email is required',
      'Please select at least one service',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email *'), 'not-an-email');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send My Enquiry' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads Submitting... while sending, then clears the form, toasts and calls back', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ status: 201, body: { id: 'x' } });
    const onSuccess = vi.fn();
    const { host } = renderWithHost(<EnquiryForm onSuccess={onSuccess} />);
    await fillValid(user);
    await fetch.sendHeld(() => user.click(screen.getByRole('button', { name: 'Send My Enquiry' })), 'Submitting...');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Inquiry Submitted Successfully!',
      description:
        "Thank you for your inquiry. We'll contact you within 24 hours, not counting weekends and NZ public holidays.",
    });
    expect(screen.getByLabelText('Business name *')).toHaveValue('');
    expect(screen.getByLabelText('Website Design')).not.toBeChecked();
    expect(fetch.calls[0]).toMatchObject({
      path: '/api/contact-inquiry',
      body: { businessName: 'Marsh Building', servicesInterested: ['website_design'] },
    });
    expect(host.track.mock.calls).toEqual([
      [{ name: 'contact', params: { form: 'contact-enquiry', value: 1, currency: 'NZD', page: '/' } }],
    ]);
  });

  it("keeps the input and shows the failed call's sentence inline and in a toast, sending no event", async () => {
    const user = userEvent.setup();
    mockFetch({ status: 400, body: { message: 'Please enter a valid email' } });
    const { host } = renderWithHost(<EnquiryForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send My Enquiry' }));
    const text = 'Please enter a valid email';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(host.toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Submission Failed', description: text });
    expect(screen.getByLabelText('Business name *')).toHaveValue('Marsh Building');
    expect(host.track).not.toHaveBeenCalled();
  });
});
