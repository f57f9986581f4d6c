import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectToast, mockFetch, renderWithHost } from '../../test-utils';
import { SocialCalculator } from './social-calculator';

describe('social media calculator', () => {
  it('starts with nothing chosen: every post type None on one platform, nothing priced', () => {
    renderWithHost(<SocialCalculator />);
    for (const label of ['Static posts per week', 'Carousel posts per week', 'Video posts per week'])
      expect(screen.getByLabelText(label)).toHaveValue('none');
    expect(screen.getByRole('slider')).toHaveValue('1');
    expect(screen.getByText('Select services to see pricing')).toBeInTheDocument();
    expect(screen.queryByTestId('social-monthly')).not.toBeInTheDocument();
    expect(screen.getByText('We recommend at least 3 posts a week on each platform.')).toBeInTheDocument();
  });

  it('sends no quote for nothing', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ status: 201, body: {} });
    const { host } = renderWithHost(<SocialCalculator />);
    await user.type(screen.getByLabelText('Your name *'), 'Mere');
    await user.type(screen.getByLabelText('Email *'), 'mere@example.nz');
    await user.click(screen.getByRole('button', { name: 'Send My Quote' }));
    expect(host.toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Select Services First',
      description: 'Choose at least one type of post to get a quote.',
    });
    expect(fetch.calls).toHaveLength(0);
    expect(host.track).not.toHaveBeenCalled();
  });

  it("reads 'Select services to see pricing' while the totals are zero", async () => {
    const user = userEvent.setup();
    renderWithHost(<SocialCalculator />);
    await user.selectOptions(screen.getByLabelText('Static posts per week'), '3');
    await user.selectOptions(screen.getByLabelText('Static posts per week'), 'none');
    expect(screen.getByText('Select services to see pricing')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Profile optimisation (one-time)'), '1');
    expect(screen.queryByText('Select services to see pricing')).not.toBeInTheDocument();
  });

  it('prices posts by platform count', () => {
    renderWithHost(<SocialCalculator />);
    fireEvent.change(screen.getByLabelText('Static posts per week'), { target: { value: '3' } });
    // 3 static posts a week: 140 a week on one platform (560 a month, 644.00 incl. GST), 180 on two (828.00).
    expect(screen.getByTestId('social-monthly')).toHaveTextContent('$644.00');
    fireEvent.change(screen.getByRole('slider'), { target: { value: '2' } });
    expect(screen.getByTestId('social-monthly')).toHaveTextContent('$828.00');
  });

  it('needs a name and e-mail, then sends the split name and derived business name and clears the form', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ status: 201, body: {} });
    const { host } = renderWithHost(<SocialCalculator />);
    await user.selectOptions(screen.getByLabelText('Static posts per week'), '3');
    await user.click(screen.getByRole('button', { name: 'Send My Quote' }));
    expect(host.toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Missing Information',
      description: 'Please fill in your name and email address.',
    });
    expect(fetch.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Your name *'), 'Mere Ngaio Smith');
    await user.type(screen.getByLabelText('Email *'), 'mere@example.nz');
    await fetch.sendHeld(() => user.click(screen.getByRole('button', { name: 'Send My Quote' })), 'Submitting...');
    await expectToast(host, 'Quote Submitted Successfully!');
    expect(fetch.calls[0]).toMatchObject({
      path: '/api/submit-quote',
      body: {
        firstName: 'Mere',
        lastName: 'Ngaio Smith',
        email: 'mere@example.nz',
      },
    });
    // No business name was typed, so none is sent (none is made up from the person's name).
    expect(fetch.calls[0]?.body).not.toHaveProperty('businessName');
    expect(screen.getByLabelText('Your name *')).toHaveValue('');
    // 3 static posts a week on one platform: 560 a month excl. GST, the quote's lead value.
    expect(host.track.mock.calls).toEqual([
      [{ name: 'lead', params: { form: 'social-quote', value: 560, currency: 'NZD', setup_cost: 0, page: '/' } }],
    ]);
  });

  it('keeps the input and shows the error toast when sending fails', async () => {
    const user = userEvent.setup();
    mockFetch({ status: 503, body: 'busy' });
    const { host } = renderWithHost(<SocialCalculator />);
    await user.selectOptions(screen.getByLabelText('Video posts per week'), '1');
    await user.type(screen.getByLabelText('Your name *'), 'Mere');
    await user.type(screen.getByLabelText('Email *'), 'mere@example.nz');
    await user.click(screen.getByRole('button', { name: 'Send My Quote' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Submission Error',
        description: 'There was an error submitting your quote. Please try again.',
      }),
    );
    expect(screen.getByLabelText('Your name *')).toHaveValue('Mere');
    expect(host.track).not.toHaveBeenCalled();
  });
});
