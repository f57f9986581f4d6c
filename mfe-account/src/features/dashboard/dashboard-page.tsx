import { useSession } from '../../lib/use-session';
import { ChangePasswordForm } from './change-password-form';

const ROLE_LABEL = { client: 'Client', admin: 'Agency admin', master_admin: 'Master admin' } as const;

/** /dashboard (the shell only renders it for a signed-in client, admin or master admin). */
export function DashboardPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Welcome, {user.username}</h1>
      <p className="mt-2 text-slate-600">Your Be Loud Digital portal.</p>
      <section aria-labelledby="account-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="account-heading" className="text-xl font-bold">Your account</h2>
        <dl className="mt-4 grid gap-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">Username</dt>
          <dd>{user.username}</dd>
          <dt className="font-medium text-slate-600">E-mail</dt>
          <dd>{user.email}</dd>
          <dt className="font-medium text-slate-600">Account type</dt>
          <dd>{ROLE_LABEL[user.role]}</dd>
        </dl>
        <h3 className="mt-8 text-lg font-semibold">Change password</h3>
        <p className="mb-4 text-sm text-slate-600">Changing it signs you out on every other device.</p>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
