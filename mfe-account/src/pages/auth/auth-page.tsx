import { useState } from 'react';
import type { RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../../host-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import '../../styles.css';

type View = 'login' | 'register' | 'forgot';

export default function AuthPage({ host }: RemotePageProps) {
  const [view, setView] = useState<View>('login');
  const tab = (id: 'login' | 'register', label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={view === id}
      aria-controls="auth-panel"
      onClick={() => setView(id)}
      className={`flex-1 rounded-md py-2 font-semibold ${view === id ? 'bg-white shadow text-slate-900' : 'text-slate-600'}`}
    >
      {label}
    </button>
  );

  return (
    <HostProvider host={host}>
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-center text-3xl font-bold">Client Login</h1>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {view === 'forgot' ? (
            <ForgotPasswordForm onBack={() => setView('login')} />
          ) : (
            <>
              <div role="tablist" aria-label="Sign in or register" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
                {tab('login', 'Login')}
                {tab('register', 'Register')}
              </div>
              <div id="auth-panel" role="tabpanel" aria-labelledby={`tab-${view}`}>
                {view === 'login' ? <LoginForm onForgot={() => setView('forgot')} /> : <RegisterForm />}
              </div>
            </>
          )}
        </div>
      </section>
    </HostProvider>
  );
}
