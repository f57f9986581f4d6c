import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Navigate } from '@agency/contracts/router';
import { useSearchParam, useSession } from '@agency/contracts/client';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { nextPath } from './next-path';
import { RegisterForm } from './register-form';

const tabClass =
  'flex-1 rounded-md py-2 font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow focus-visible:outline-2 focus-visible:outline-brand-500';

/** /auth and /login: Login and Register tabs (Login first) and the Forgot Password view (site-and-accounts §2). */
export function AuthPage() {
  const user = useSession((s) => s.user);
  const [view, setView] = useState<'tabs' | 'forgot'>('tabs');
  // The server renders the client's sign-in (the common case); a staff link's heading follows once hydrated.
  const staff = useSearchParam('role', null) === 'admin';

  // Sent here by a page whose session ended (decision 0102): say so, and go back there after signing in.
  const next = useSearchParam('next', null);
  if (user) return <Navigate to={nextPath(next)} replace />;

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">{staff ? 'Admin Login' : 'Client Login'}</h1>
      <p className="mt-2 text-center text-slate-600">
        {staff ? 'Sign in to manage leads, clients and content.' : 'Sign in to see your reports, results and files.'}
      </p>
      {next && (
        <p role="note" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-center text-amber-900">
          Your session has ended. Sign in again to carry on where you were.
        </p>
      )}
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {view === 'forgot' ? (
          <ForgotPasswordForm onBack={() => setView('tabs')} />
        ) : (
          <Tabs.Root defaultValue="login">
            <Tabs.List aria-label="Sign in or register" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
              <Tabs.Trigger value="login" className={tabClass}>
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login">
              <LoginForm onForgot={() => setView('forgot')} />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </div>
    </section>
  );
}
