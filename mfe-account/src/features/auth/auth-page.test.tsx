import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithHost, routeFetch } from '../../test-utils';
import { AuthPage } from './auth-page';
import { loginFailureText } from './login-form';
import { HttpError } from '@agency/contracts/client';

const user = { id: 7, username: 'aroha', email: 'aroha@example.nz', role: 'client' };
const anonymous: Record<string, [number, unknown]> = { 'GET /api/auth/user': [401, { message: 'Not authenticated' }] };

describe('sign-in screen', () => {
  it('opens on the Login tab, reads Authenticating... while pending, then welcomes the user and goes to the dashboard', async () => {
    const u = userEvent.setup();
    const calls = routeFetch({ ...anonymous, 'POST /api/login': [200, { ...user, firstSignIn: false }] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await u.type(screen.getByLabelText('Username *'), 'aroha');
    await u.type(screen.getByLabelText('Password *'), 'Kahikatea#2025');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Login successful', description: 'Welcome back, aroha!' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(calls.find((c) => c.key === 'POST /api/login')?.body).toEqual({
      username: 'aroha',
      password: 'Kahikatea#2025',
    });
  });

  it('welcomes a first sign-in without the "back", and the ones after it back', async () => {
    const u = userEvent.setup();
    routeFetch({ ...anonymous, 'POST /api/login': [200, { ...user, firstSignIn: true }] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.type(screen.getByLabelText('Username *'), 'aroha');
    await u.type(screen.getByLabelText('Password *'), 'Kahikatea#2025');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Login successful', description: 'Welcome, aroha!' }),
    );
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ description: 'Welcome back, aroha!' }));
  });

  it("shows the server's message in a 'Login failed' toast", async () => {
    const u = userEvent.setup();
    routeFetch({ ...anonymous, 'POST /api/login': [401, { message: 'Invalid username or password' }] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.type(screen.getByLabelText('Username *'), 'aroha');
    await u.type(screen.getByLabelText('Password *'), 'nope');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Login failed',
        description: 'Invalid username or password',
      }),
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it.each([
    [new HttpError(401, '{"message":"Nope"}', 'Nope'), 'Nope'],
    [new HttpError(401, '{}', undefined), 'Invalid credentials'],
    [new HttpError(502, '<html>Bad gateway</html>', undefined), 'Authentication failed'],
  ])('words a login failure from the answer (%#)', (error, text) => {
    expect(loginFailureText(error)).toBe(text);
  });

  it('keeps Register disabled until every password rule passes', async () => {
    const u = userEvent.setup();
    routeFetch({ ...anonymous, 'POST /api/register': [201, user] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.click(screen.getByRole('tab', { name: 'Register' }));
    await u.type(screen.getByLabelText('Username *'), 'aroha');
    await u.type(screen.getByLabelText('Email *'), 'aroha@example.nz');
    expect(screen.queryByText('Password must meet all requirements:')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Password *'), 'kahikatea');
    expect(screen.getByText('Password must meet all requirements:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    await u.clear(screen.getByLabelText('Password *'));
    await u.type(screen.getByLabelText('Password *'), 'Kahikatea#2025');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(host.session.getState().user).toEqual(user));
    // A signed-in visitor does not stay on the sign-in screen.
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('checks a registration with the contracts schema first, naming the field, and sends nothing it refuses', async () => {
    const u = userEvent.setup();
    const calls = routeFetch(anonymous);
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.click(screen.getByRole('tab', { name: 'Register' }));
    await u.type(screen.getByLabelText('Username *'), 'aroha smith');
    await u.type(screen.getByLabelText('Email *'), 'aroha@example.nz');
    await u.type(screen.getByLabelText('Password *'), 'Kahikatea#2025');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    const username = screen.getByLabelText('Username *');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('Username may use letters, numbers and . _ @ - only');
    expect(screen.getByRole('alert')).toHaveTextContent('Username may use letters, numbers and . _ @ - only');
    expect(calls).toEqual([]);
    expect(host.toast).not.toHaveBeenCalled();
  });

  it("puts the server's problem with a field at that field, beside the 'Registration failed' toast", async () => {
    const u = userEvent.setup();
    const taken = 'That username is already taken';
    routeFetch({ ...anonymous, 'POST /api/register': [409, { message: taken, errors: { username: taken } }] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.click(screen.getByRole('tab', { name: 'Register' }));
    await u.type(screen.getByLabelText('Username *'), 'aroha');
    await u.type(screen.getByLabelText('Email *'), 'aroha@example.nz');
    await u.type(screen.getByLabelText('Password *'), 'Kahikatea#2025');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByLabelText('Username *')).toHaveAccessibleDescription(taken));
    expect(screen.getByLabelText('Username *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email *')).not.toHaveAttribute('aria-invalid');
    expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Registration failed' }));
  });

  it("answers Forgot Password with the generic 'Success' toast and returns to Login", async () => {
    const u = userEvent.setup();
    const calls = routeFetch({ ...anonymous, 'POST /api/forgot-password': [200, { message: 'x' }] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await u.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await u.type(screen.getByLabelText('Username or e-mail address *'), 'aroha');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Success',
        description:
          'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.',
      }),
    );
    expect(calls.at(-1)).toEqual({ key: 'POST /api/forgot-password', body: { username: 'aroha' } });
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor (the browser holds the signed-in hint) to the dashboard', async () => {
    document.cookie = 'signed-in=1; path=/';
    try {
      routeFetch({ 'GET /api/auth/user': [200, user] });
      renderWithHost(<AuthPage />, { url: '/auth' });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    } finally {
      document.cookie = 'signed-in=; Max-Age=0; path=/';
    }
  });

  it('does not ask who is signed in when the browser holds no hint', async () => {
    const calls = routeFetch({ 'GET /api/auth/user': [200, user] });
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await waitFor(() => expect(host.session.getState().status).toBe('unauthenticated'));
    expect(calls).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });
});
