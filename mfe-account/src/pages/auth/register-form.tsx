import { useState, type FormEvent } from 'react';
import { useHost } from '../../host-context';
import { postJson } from './api';
import { Field } from './field';
import { PasswordChecklist, passwordMeetsRules } from './password-checklist';

export function RegisterForm() {
  const { toast } = useHost();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await postJson('/api/register', {
        username: form.get('username'),
        email: form.get('email'),
        password,
        role: 'client',
      });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Registration failed', description: error instanceof Error ? error.message : '' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Register">
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordChecklist password={password} />
      <button
        type="submit"
        disabled={pending || !passwordMeetsRules(password)}
        className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        Register
      </button>
    </form>
  );
}
