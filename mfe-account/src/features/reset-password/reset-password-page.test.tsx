import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithHost, routeFetch } from '../../test-utils';
import { ResetPasswordPage } from './reset-password-page';

describe('reset password page', () => {
  it('sets a new password under the rules and leads to sign-in', async () => {
    const u = userEvent.setup();
    const calls = routeFetch({
      'POST /api/reset-password': [200, { message: 'Your password has been reset.' }],
      'GET /api/auth/user': [401, {}],
    });
    const { host } = renderWithHost(<ResetPasswordPage />, { url: '/reset-password?token=abc123' });
    await u.type(screen.getByLabelText('New password *'), 'Totara!Strong9');
    await u.type(screen.getByLabelText('Confirm new password *'), 'Totara!Strong');
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeDisabled();
    await u.type(screen.getByLabelText('Confirm new password *'), '9');
    await u.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(calls[0]).toEqual({
      key: 'POST /api/reset-password',
      body: { token: 'abc123', newPassword: 'Totara!Strong9' },
    });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Success', description: 'Your password has been reset.' });
  });

  it('explains an expired link', async () => {
    const u = userEvent.setup();
    routeFetch({ 'POST /api/reset-password': [400, { message: 'This reset link is invalid or has expired.' }] });
    const { host } = renderWithHost(<ResetPasswordPage />, { url: '/reset-password?token=old' });
    await u.type(screen.getByLabelText('New password *'), 'Totara!Strong9');
    await u.type(screen.getByLabelText('Confirm new password *'), 'Totara!Strong9');
    await u.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'destructive', description: 'This reset link is invalid or has expired.' }),
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });

  it('says so when the link has no token', () => {
    renderWithHost(<ResetPasswordPage />, { url: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete');
  });
});
