import { useForm } from 'react-hook-form';
import type { LoginInput } from '@agency/contracts';
import { useNavigate } from '@agency/contracts/router';
import { useHost, isHttpError } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { PendingButton } from '../../components/pending-button';
import { loginResolver } from '../../lib/sign-in-resolvers';

/** §5: the server's message if present, else 'Invalid credentials'; an unreadable body is 'Authentication failed'. */
export function loginFailureText(error: unknown): string {
  if (!isHttpError(error))
    return error instanceof Error && error.message ? error.message : 'Please check your credentials and try again';
  if (error.serverMessage) return error.serverMessage;
  try {
    JSON.parse(error.body);
    return 'Invalid credentials';
  } catch {
    return 'Authentication failed';
  }
}

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { toast, session } = useHost();
  const navigate = useNavigate();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { username: '', password: '' } });
  const field = fieldsOf(form);

  const submit = form.handleSubmit(async (credentials) => {
    try {
      // The store waits the spec's deliberate 100 ms before calling.
      const user = await session.getState().login(credentials);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      navigate('/dashboard');
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({ variant: 'destructive', title: 'Login failed', description: loginFailureText(error) });
    }
  });

  return (
    <form onSubmit={submit} onFocus={loginResolver.preload} noValidate className="space-y-4" aria-label="Login">
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <PendingButton pending={form.formState.isSubmitting} pendingLabel="Authenticating...">
        Login
      </PendingButton>
      <button type="button" onClick={onForgot} className="w-full text-sm text-slate-600 underline">
        Forgot Password?
      </button>
    </form>
  );
}
