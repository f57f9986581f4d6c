import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  BUSINESS,
  dashboardPath,
  dashboardPlace,
  STAFF_ROLES,
  type DashboardPlace,
  type User,
} from '@agency/contracts';
import { useNavigate, useSearchParams } from '@agency/contracts/router';
import { useSession } from '@agency/contracts/client';
import { Loading } from '../../components/query-view';
import { QueryProvider } from '../../lib/query-client';
import { StepUpProvider } from '../../lib/step-up';
import { FilesPanel } from '../reports/files-panel';
import { OverviewPanel } from '../reports/overview-panel';
import { ReportsPanel } from '../reports/reports-panel';
import { useGoogleReturn } from '../google-data/google-return';
import { SectionTabs } from './section-tabs';

/*
 * What a client's first screen does not show comes in chunks of its own (decision 0055): the staff panels, which a
 * client never sees, and the password change with its form library, which waits for the Account tab.
 */
const staffPanels = () => import('./staff-panels');
const staffPanel = (name: keyof Awaited<ReturnType<typeof staffPanels>>) =>
  lazy(() => staffPanels().then((m) => ({ default: m[name] })));
const LeadsPanel = lazy(() => staffPanels().then((m) => ({ default: m.LeadsPanel })));
const ClientsPanel = lazy(() => staffPanels().then((m) => ({ default: m.ClientsPanel })));
const ContentPanel = staffPanel('ContentPanel');
const GoogleFiguresPanel = staffPanel('GoogleFiguresPanel');
// A client's report e-mails, inside the clients panel: a chunk of its own, fetched when a client is chosen.
const ReportEmails = lazy(() =>
  import('../report-emails/report-emails-section').then((m) => ({ default: m.ReportEmailsSection })),
);
const BlogPanel = lazy(() => staffPanels().then((m) => ({ default: m.BlogPanel })));
const UsersPanel = staffPanel('UsersPanel');
const AuditPanel = staffPanel('AuditPanel');
const ReleasesPanel = staffPanel('ReleasesPanel');
const PrivacyPanel = staffPanel('PrivacyPanel');
const TrackingPanel = staffPanel('TrackingPanel');
const GoogleDataSection = staffPanel('GoogleDataSection');
const ReportDraftsPanel = lazy(() => staffPanels().then((m) => ({ default: m.ReportDraftsPanel })));

const SecurityPanel = lazy(() => import('../security/security-panel').then((m) => ({ default: m.SecurityPanel })));
const ChangePasswordForm = lazy(() =>
  import('../security/change-password-form').then((m) => ({ default: m.ChangePasswordForm })),
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
  // Where the person is lives in the address (decision 0101): a reload, Back or a link opens the same tab, lead or
  // post. A change replaces the address rather than adding a history entry: Back leaves the dashboard, as before.
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const place = dashboardPlace(search);
  const go = (next: DashboardPlace) => void navigate(dashboardPath(next), { replace: true });
  // Google sends a staff member back here after its consent page (decision 0093): the clients tab then opens the client.
  useGoogleReturn(search, {
    enabled: staff,
    leave: () => go({ tab: 'clients' }),
    open: (client) => go({ tab: 'clients', client }),
  });
  const tabs: [string, string, ReactNode][] = staff
    ? [
        [
          'leads',
          'Leads',
          <LeadsPanel
            key="l"
            openLead={place.lead ?? null}
            onOpenLead={(lead) => go({ tab: 'leads', ...(lead ? { lead } : {}) })}
          />,
        ],
        ['privacy', 'Privacy', <PrivacyPanel key="p" />],
        [
          'clients',
          'Clients',
          <ClientsPanel
            key="c"
            FilesPanel={FilesPanel}
            ReportsPanel={ReportsPanel}
            GoogleSection={GoogleDataSection}
            openClient={place.client ?? null}
            onOpenClient={(client) => go({ tab: 'clients', ...(client ? { client } : {}) })}
            GoogleFigures={GoogleFiguresPanel}
            DraftsPanel={ReportDraftsPanel}
            ReportEmails={ReportEmails}
          />,
        ],
        ['content', 'Content', <ContentPanel key="ct" />],
        [
          'blog',
          'Blog',
          <BlogPanel
            key="b"
            openPost={place.post ?? null}
            onOpenPost={(post) => go({ tab: 'blog', ...(post ? { post } : {}) })}
          />,
        ],
        ['tracking', 'Tracking', <TrackingPanel key="tr" />],
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
  const tab = tabs.some(([value]) => value === place.tab) ? place.tab! : tabs[0]![0];
  return (
    <QueryProvider key={user.id}>
      <StepUpProvider>
        <div className="mx-auto w-full max-w-7xl min-w-0 px-4 py-10">
          <h1 className="text-3xl font-bold [overflow-wrap:anywhere]">Welcome, {user.username}</h1>
          <p className="mt-1 text-slate-600">
            {staff ? `Leads, clients, content and accounts of ${BUSINESS.name}.` : 'Your results, reports and files.'}
          </p>
          <Tabs.Root value={tab} onValueChange={(value) => go({ tab: value })} className="mt-8">
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
