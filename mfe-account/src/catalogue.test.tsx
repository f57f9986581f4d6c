/**
 * site-and-accounts §8, the account toasts in one table: a failed call's error text is its status, a colon, then
 * the body; each toast's title, text and fallback order as the spec lists them.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthPage } from './features/auth/auth-page';
import { ChangePasswordForm } from './features/security/change-password-form';
import { renderWithHost, routeFetch } from './test-utils';
import { UNREACHABLE } from '@agency/contracts/client';

type User = ReturnType<typeof userEvent.setup>;
/** A status and a body (a string is sent as it is), or a call that never gets an answer. */
type Answer = [number, unknown] | 'network-error';

const PASSWORD = 'Kahikatea#2025';
const account = { id: 7, username: 'aroha', email: 'aroha@example.nz', role: 'client' };

/** Answers one call with `answer` (a network failure throws as fetch does); anything else is a 404. */
function answerWith(key: string, answer: Answer) {
  if (answer === 'network-error') {
    const impl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', impl);
    return;
  }
  routeFetch({ [key]: answer });
}

interface Flow {
  key: string;
  ui: () => ReactElement;
  url?: string;
  act: (user: User) => Promise<void>;
}

const FLOWS = {
  login: {
    key: 'POST /api/login',
    ui: () => <AuthPage />,
    url: '/auth',
    act: async (user) => {
      await user.type(screen.getByLabelText('Username *'), 'aroha');
      await user.type(screen.getByLabelText('Password *'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Login' }));
    },
  },
  register: {
    key: 'POST /api/register',
    ui: () => <AuthPage />,
    url: '/auth',
    act: async (user) => {
      await user.click(screen.getByRole('tab', { name: 'Register' }));
      await user.type(screen.getByLabelText('Username *'), 'aroha');
      await user.type(screen.getByLabelText('Email *'), 'aroha@example.nz');
      await user.type(screen.getByLabelText('Password *'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
    },
  },
  forgot: {
    key: 'POST /api/forgot-password',
    ui: () => <AuthPage />,
    url: '/auth',
    act: async (user) => {
      await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      await user.type(screen.getByLabelText('Username or e-mail address *'), 'aroha');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    },
  },
  changePassword: {
    key: 'POST /api/change-password',
    ui: () => <ChangePasswordForm />,
    act: async (user) => {
      await user.type(screen.getByLabelText('Current password *'), 'Old#Password1');
      await user.type(screen.getByLabelText('New password *'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
    },
  },
} satisfies Record<string, Flow>;

const CONFLICT = '{"message":"That username is already taken"}';

describe.each<[string, keyof typeof FLOWS, Answer, { title: string; description: string; variant?: string }]>([
  // Login (site-and-accounts §5, §8): the server's message, else 'Invalid credentials'; an unreadable body 'Authentication failed';
  // a call that threw, its own message; 'Please check your credentials and try again' when there is none.
  [
    'login refused with a message',
    'login',
    [401, { message: 'Invalid username or password' }],
    { variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' },
  ],
  [
    'login refused without one',
    'login',
    [401, {}],
    { variant: 'destructive', title: 'Login failed', description: 'Invalid credentials' },
  ],
  [
    'login answered with no JSON',
    'login',
    [502, '<html>Bad gateway</html>'],
    { variant: 'destructive', title: 'Login failed', description: 'Authentication failed' },
  ],
  [
    'login that never got an answer',
    'login',
    'network-error',
    { variant: 'destructive', title: 'Login failed', description: UNREACHABLE },
  ],
  ['login accepted', 'login', [200, account], { title: 'Login successful', description: 'Welcome back, aroha!' }],
  // Registration: the error in words, the server's own sentence when it sent one.
  [
    'registration refused',
    'register',
    [409, JSON.parse(CONFLICT)],
    { variant: 'destructive', title: 'Registration failed', description: 'That username is already taken' },
  ],
  [
    'registration that never got an answer',
    'register',
    'network-error',
    { variant: 'destructive', title: 'Registration failed', description: UNREACHABLE },
  ],
  // Password change: the error message; success 'Success' with the server's message or the fallback.
  [
    'password change refused',
    'changePassword',
    [400, { message: 'Current password is incorrect' }],
    {
      variant: 'destructive',
      title: 'Password change failed',
      description: 'Current password is incorrect',
    },
  ],
  [
    'password change with a message',
    'changePassword',
    [200, { message: 'Done and dusted' }],
    { title: 'Success', description: 'Done and dusted' },
  ],
  [
    'password change without one',
    'changePassword',
    [200, {}],
    { title: 'Success', description: 'Password updated successfully' },
  ],
  // Forgot password: 'Error' with the server's message, else 'Something went wrong' or 'Failed to process request'.
  [
    'forgot password refused with a message',
    'forgot',
    [429, { message: 'Too many attempts. Try again in 60 minute(s).' }],
    { variant: 'destructive', title: 'Error', description: 'Too many attempts. Try again in 60 minute(s).' },
  ],
  [
    'forgot password failed without one',
    'forgot',
    [500, ''],
    { variant: 'destructive', title: 'Error', description: 'Something went wrong' },
  ],
  [
    'forgot password that never got an answer',
    'forgot',
    'network-error',
    { variant: 'destructive', title: 'Error', description: 'Failed to process request' },
  ],
  [
    'forgot password accepted',
    'forgot',
    [200, { message: 'x' }],
    {
      title: 'Success',
      description:
        'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.',
    },
  ],
])('%s', (_label, flow, answer, shown) => {
  it('shows exactly its toast', async () => {
    const user = userEvent.setup();
    const f: Flow = FLOWS[flow];
    answerWith(f.key, answer);
    const { host } = renderWithHost(f.ui(), { url: f.url });
    await f.act(user);
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith(shown));
    expect(host.toast).toHaveBeenCalledTimes(1);
  });
});

describe('registration tracking', () => {
  it.each<[string, Answer, string[]]>([
    ['sends complete_registration once after a successful answer', [201, account], ['complete_registration']],
    ['sends nothing when registration fails', [409, JSON.parse(CONFLICT)], []],
    ['sends nothing when the call never gets an answer', 'network-error', []],
  ])('%s', async (_label, answer, events) => {
    const user = userEvent.setup();
    answerWith('POST /api/register', answer);
    const { host } = renderWithHost(<AuthPage />, { url: '/auth' });
    await FLOWS.register.act(user);
    await waitFor(() => expect(host.toast).toHaveBeenCalled());
    expect(host.track.mock.calls.map(([e]) => e.name)).toEqual(events);
  });
});
