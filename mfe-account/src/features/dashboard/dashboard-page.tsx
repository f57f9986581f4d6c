import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BUSINESS, STAFF_ROLES, type User } from '@agency/contracts';
import { Loading } from '../../components/query-view';
import { QueryProvider } from '../../lib/query-client';
import { StepUpProvider } from '../../lib/step-up';
import { useSession } from '../../lib/use-session';
import { FilesPanel } from './client/files-panel';
import { OverviewPanel } from './client/overview-panel';
import { ReportsPanel } from './client/reports-panel';
import { SectionTabs } from './section-tabs';

/*
 * What a client's first screen does not show comes in chunks of its own (decision 0055): the staff panels, which a
 * client never sees, and the password change with its form library, which waits for the Account tab.
 */
const staffPanels = () => import('./admin/staff-panels');
const staffPanel = (name: keyof Awaited<ReturnType<typeof staffPanels>>) =>
  lazy(() => staffPanels().then((m) => ({ default: m[name] })));
const LeadsPanel = lazy(() => staffPanels().then((m) => ({ default: m.LeadsPanel })));
const ClientsPanel = staffPanel('ClientsPanel');
const ContentPanel = staffPanel('ContentPanel');
const BlogPanel = staffPanel('BlogPanel');
const UsersPanel = staffPanel('UsersPanel');
const AuditPanel = staffPanel('AuditPanel');
const ReleasesPanel = staffPanel('ReleasesPanel');
const PrivacyPanel = staffPanel('PrivacyPanel');

/**
 * What a link into the dashboard asks for: `?lead=enquiry-12` (the lead notices' links) opens that lead,
 * `?tab=privacy` a tab.
 */
function linkedTo(): { tab?: string; lead?: { type: 'enquiry' | 'quote' | 'consultation' | 'optin'; id: number } } {
  if (typeof window === 'undefined') return {};
  const params = new URLSearchParams(window.location.search);
  const lead = /^(enquiry|quote|consultation|optin)-(\d{1,15})$/.exec(params.get('lead') ?? '');
  if (lead) return { tab: 'leads', lead: { type: lead[1] as 'enquiry', id: Number(lead[2]) } };
  return { tab: params.get('tab') ?? undefined };
}
const SecurityPanel = lazy(() => import('./security-panel').then((m) => ({ default: m.SecurityPanel })));
const ChangePasswordForm = lazy(() =>
  import('./change-password-form').then((m) => ({ default: m.ChangePasswordForm })),
);

const ROLE_LABEL = { client: 'Client', admin: 'Agency admin', master_admin: 'Master admin' } as const;

/** /dashboard: the client portal, or the agency's workspace for staff (the shell only lets signed-in roles in). */
export function DashboardPage() {
  const user = useSession((s) => s.user);
  return user ? <Dashboard user={user} /> : null;
}

function Dashboard({ user }: { user: User }) {
  const staff = (STAFF_ROLES as readonly string[]).includes(user.role);
  const account = (
    <section aria-labelledby="account-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="account-heading" className="text-xl font-bold">
        Your account
      </h2>
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
  );
  const linked = linkedTo();
  const tabs: [string, string, ReactNode][] = staff
    ? [
        ['leads', 'Leads', <LeadsPanel key="l" initialLead={linked.lead} />],
        ['privacy', 'Privacy', <PrivacyPanel key="p" />],
        ['clients', 'Clients', <ClientsPanel key="c" />],
        ['content', 'Content', <ContentPanel key="ct" />],
        ['blog', 'Blog', <BlogPanel key="b" />],
        ...(user.role === 'master_admin'
          ? ([
              ['users', 'Users', <UsersPanel key="u" />],
              ['audit', 'Audit', <AuditPanel key="a" />],
              ['releases', 'Releases', <ReleasesPanel key="rl" />],
            ] as [string, string, ReactNode][])
          : []),
        ['account', 'Account', account],
        ['security', 'Security', <SecurityPanel key="s" />],
      ]
    : [
        ['overview', 'Overview', <OverviewPanel key="o" />],
        ['reports', 'Monthly reports', <ReportsPanel key="r" />],
        ['files', 'Files', <FilesPanel key="f" />],
        ['account', 'Account', account],
        ['security', 'Security', <SecurityPanel key="s" />],
      ];
  const [tab, setTab] = useState(() => (tabs.some(([value]) => value === linked.tab) ? linked.tab! : tabs[0]![0]));
  return (
    <QueryProvider key={user.id}>
      <StepUpProvider>
        <div className="mx-auto w-full max-w-7xl min-w-0 px-4 py-10">
          <h1 className="text-3xl font-bold [overflow-wrap:anywhere]">Welcome, {user.username}</h1>
          <p className="mt-1 text-slate-600">
            {staff ? `Leads, clients, content and accounts of ${BUSINESS.name}.` : 'Your results, reports and files.'}
          </p>
          <Tabs.Root value={tab} onValueChange={setTab} className="mt-8">
            <SectionTabs tabs={tabs} active={tab} />
            {tabs.map(([value, , content]) => (
              <Tabs.Content key={value} value={value} className="mt-6">
                <Suspense fallback={<Loading />}>{content}</Suspense>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </div>
      </StepUpProvider>
    </QueryProvider>
  );
}
