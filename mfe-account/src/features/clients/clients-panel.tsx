import { Suspense, useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { MonthlyReportInputSchema, REPORT_FIGURE_FIELDS, reportMonth } from '@agency/contracts';
import type { z } from 'zod';
import { fieldsOf, payloadResolver, SubmitButton, TextAreaField, TextField } from '@agency/contracts/ui';
import { Loading, Pager, QueryView } from '../../components/query-view';
import { SaveRow } from '../../components/save-row';
import { useStaffSave } from '../../lib/staff-form';
import { useToastedCall } from '../../lib/use-toasted-call';
import { useClients, type ClientAccount as Client } from './api/get-clients';
import { useSaveReport } from './api/save-report';
import { useUploadFile } from './api/upload-file';
import { MetricsForm } from './components/metrics-form';

const FIGURES = REPORT_FIGURE_FIELDS;

type ReportValues = Record<'month' | 'notes' | (typeof FIGURES)[number][0], string>;

function readReport(values: ReportValues): Record<string, unknown> {
  const raw: Record<string, unknown> = { reportDate: `${values.month}-01`, notes: values.notes || null };
  for (const [key] of FIGURES) {
    const v = values[key].trim();
    raw[key] = v === '' ? null : Number(v);
  }
  return raw;
}

function ReportForm({ client }: { client: Client }) {
  const saveReport = useSaveReport();
  const form = useForm<ReportValues, unknown, z.output<typeof MonthlyReportInputSchema>>({
    resolver: payloadResolver(MonthlyReportInputSchema, readReport),
    defaultValues: Object.fromEntries([['month', ''], ['notes', ''], ...FIGURES.map(([key]) => [key, ''])]),
  });
  const submit = useStaffSave(form, {
    save: (report) => saveReport.mutateAsync({ clientId: client.id, report }),
    saved: (report) => ({
      title: 'Report saved',
      description: `${client.username}, ${reportMonth(report.reportDate)}`,
    }),
    failure: 'Could not save the report',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <form onSubmit={submit} noValidate aria-label="Monthly report" className="grid gap-3 sm:grid-cols-3">
      <TextField label="Month" required type="month" {...field('month')} />
      {FIGURES.map(([key, label]) => (
        <TextField key={key} label={label} type="number" step="any" {...field(key)} />
      ))}
      <TextAreaField label="Notes" rows={2} className="sm:col-span-3" {...field('notes')} />
      <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Save report" />
    </form>
  );
}

/** A file for the client's files; the body is the file itself, which the server checks for its type and size. */
function UploadForm({ client }: { client: Client }) {
  const toasted = useToastedCall();
  const upload = useUploadFile();
  const form = useForm<{ file: FileList | null }>({ defaultValues: { file: null } });
  const submit = form.handleSubmit(async ({ file: files }) => {
    const file = files?.[0];
    if (!file || file.size === 0) return;
    const uploaded = await toasted(
      () => upload.mutateAsync({ clientId: client.id, file }),
      { title: 'File uploaded', description: `${file.name} is now in ${client.username}'s files.` },
      { title: 'Upload failed', fallback: 'Please try again' },
    );
    if (uploaded) form.reset();
  });
  return (
    <form onSubmit={submit} aria-label="Upload a file" className="flex flex-wrap items-center gap-3">
      <input
        type="file"
        required
        accept=".pdf,.png,.jpg,.jpeg,.webp,.csv,.xlsx,.docx"
        aria-label="File for the client"
        {...form.register('file')}
      />
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Uploading..."
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-60"
      >
        Upload
      </SubmitButton>
      <span className="text-xs text-slate-500">PDF, images, CSV, Excel or Word.</span>
    </form>
  );
}

/** A panel of the reports feature, showing one client's files or reports as that client sees them. */
type ClientView = ComponentType<{ clientId: number }>;
/** The report drafts feature's panel: a client's drafts from Google, to review and publish. */
type DraftsView = ComponentType<{ clientId: number; clientName: string }>;

/**
 * Staff: pick a client, then record a month's report and metrics, manage files and reports as the client sees them,
 * and connect their Google data. The client's own files and reports panels and the Google data section come from the
 * dashboard, which composes features: one feature never imports another (docs/decisions/0108). The client open is
 * the dashboard's to keep in the address (decision 0101), so Google's return opens the same one.
 */
export function ClientsPanel({
  FilesPanel,
  ReportsPanel,
  GoogleSection,
  GoogleFigures,
  DraftsPanel,
  ReportEmails,
  openClient,
  onOpenClient,
}: {
  FilesPanel: ClientView;
  ReportsPanel: ClientView;
  GoogleSection: ComponentType<{ clientId: number; clientName: string }>;
  /** The client's nightly Google figures (the google-data feature). */
  GoogleFigures?: ClientView;
  DraftsPanel: DraftsView;
  /** The report e-mails feature's section, loaded on demand. */
  ReportEmails: ComponentType<{ clientId: number; clientName: string }>;
  openClient: number | null;
  onOpenClient: (clientId: number | null) => void;
}) {
  const [page, setPage] = useState(1);
  const clients = useClients(page);
  const selected = clients.data?.items.find((c) => c.id === openClient) ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <QueryView query={clients}>
        {(data) => (
          <nav aria-label="Clients">
            <ul className="space-y-1">
              {data.items.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={selected?.id === c.id}
                    onClick={() => onOpenClient(c.id)}
                    className={`w-full rounded px-3 py-2 text-left ${selected?.id === c.id ? 'bg-brand-50 font-semibold' : 'hover:bg-slate-50'}`}
                  >
                    {c.username}
                    <span className="block text-xs text-slate-500">{c.email}</span>
                  </button>
                </li>
              ))}
            </ul>
            {data.total === 0 && <p className="text-slate-600">No client accounts yet.</p>}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </nav>
        )}
      </QueryView>
      {selected ? (
        <div className="space-y-8" key={selected.id}>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Monthly reports from Google</h3>
            <DraftsPanel clientId={selected.id} clientName={selected.username} />
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Add or update a monthly report</h3>
            <p className="mb-3 text-sm text-slate-600">Saving here publishes the month to the client.</p>
            <ReportForm client={selected} />
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Latest metrics</h3>
            <MetricsForm clientId={selected.id} clientName={selected.username} />
          </section>
          <section aria-labelledby="google-data-heading">
            <h3 id="google-data-heading" className="mb-3 text-lg font-semibold">
              Google data
            </h3>
            <GoogleSection clientId={selected.id} clientName={selected.username} />
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Files</h3>
            <UploadForm client={selected} />
            <div className="mt-3">
              <FilesPanel clientId={selected.id} />
            </div>
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Reports as the client sees them</h3>
            <ReportsPanel clientId={selected.id} />
          </section>
          {GoogleFigures && (
            <section>
              <h3 className="mb-3 text-lg font-semibold">Google figures</h3>
              <Suspense fallback={<Loading />}>
                <GoogleFigures clientId={selected.id} />
              </Suspense>
            </section>
          )}
          <section>
            <h3 className="mb-3 text-lg font-semibold">Report e-mails</h3>
            <Suspense fallback={<Loading />}>
              <ReportEmails clientId={selected.id} clientName={selected.username} />
            </Suspense>
          </section>
        </div>
      ) : (
        <p className="text-slate-600">Choose a client to manage their reports and files.</p>
      )}
    </div>
  );
}
