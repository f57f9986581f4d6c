import { useState, type FormEvent } from 'react';
import { MonthlyReportInputSchema } from '@agency/contracts';
import { Pager, QueryView } from '../../../components/query-view';
import { SaveRow } from '../../../components/save-row';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useClients, type ClientAccount as Client } from '../api/get-clients';
import { useSaveReport } from '../api/save-report';
import { useUploadFile } from '../api/upload-file';
import { FilesPanel } from '../client/files-panel';
import { ReportsPanel } from '../client/reports-panel';
import { MetricsForm } from './metrics-form';

const FIGURES = [
  ['websiteTraffic', 'Website visits'],
  ['organicTraffic', 'Organic visits'],
  ['paidTraffic', 'Paid visits'],
  ['conversions', 'Conversions'],
  ['conversionRate', 'Conversion rate %'],
  ['searchRanking', 'Search position'],
  ['backlinks', 'Backlinks'],
  ['socialEngagement', 'Social engagement'],
  ['socialEngagementRate', 'Engagement rate %'],
  ['followerGrowth', 'New followers'],
  ['clickThroughRate', 'CTR %'],
  ['costPerClick', 'CPC $'],
  ['paidConversionRate', 'Paid conversion rate %'],
] as const;

function readReport(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {
    reportDate: `${String(form.get('month'))}-01`,
    notes: String(form.get('notes') ?? '') || null,
  };
  for (const [key] of FIGURES) {
    const v = String(form.get(key) ?? '').trim();
    raw[key] = v === '' ? null : Number(v);
  }
  return raw;
}

function ReportForm({ client }: { client: Client }) {
  const saveReport = useSaveReport();
  const { error, onSubmit } = useCheckedForm({
    schema: MonthlyReportInputSchema,
    read: readReport,
    save: (report) => saveReport.mutateAsync({ clientId: client.id, report }),
    saved: (report) => ({ title: 'Report saved', description: `${client.username}, ${report.reportDate.slice(0, 7)}` }),
    failure: 'Could not save the report',
  });
  return (
    <form onSubmit={onSubmit} aria-label="Monthly report" className="grid gap-3 sm:grid-cols-3">
      <label className="text-sm font-medium">
        Month
        <input name="month" type="month" required className="mt-1 w-full rounded border px-2 py-1" />
      </label>
      {FIGURES.map(([key, label]) => (
        <label key={key} className="text-sm font-medium">
          {label}
          <input name={key} type="number" step="any" className="mt-1 w-full rounded border px-2 py-1" />
        </label>
      ))}
      <label className="text-sm font-medium sm:col-span-3">
        Notes
        <textarea name="notes" rows={2} className="mt-1 w-full rounded border px-2 py-1" />
      </label>
      <SaveRow error={error} label="Save report" />
    </form>
  );
}

function UploadForm({ client }: { client: Client }) {
  const toasted = useToastedCall();
  const upload = useUploadFile();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const file = (new FormData(formElement).get('file') as File | null) ?? null;
    if (!file || file.size === 0) return;
    const uploaded = await toasted(
      () => upload.mutateAsync({ clientId: client.id, file }),
      { title: 'File uploaded', description: `${file.name} is now in ${client.username}'s files.` },
      { title: 'Upload failed', fallback: 'Please try again' },
    );
    if (uploaded) formElement.reset();
  }
  return (
    <form onSubmit={submit} aria-label="Upload a file" className="flex flex-wrap items-center gap-3">
      <input
        name="file"
        type="file"
        required
        accept=".pdf,.png,.jpg,.jpeg,.webp,.csv,.xlsx,.docx"
        aria-label="File for the client"
      />
      <button
        type="submit"
        disabled={upload.isPending}
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-60"
      >
        {upload.isPending ? 'Uploading...' : 'Upload'}
      </button>
      <span className="text-xs text-slate-500">PDF, images, CSV, Excel or Word.</span>
    </form>
  );
}

/** Staff: pick a client, then record a month's report and metrics, manage files and reports as the client sees them. */
export function ClientsPanel() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Client | null>(null);
  const clients = useClients(page);
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
                    onClick={() => setSelected(c)}
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
            <h3 className="mb-3 text-lg font-semibold">Add or update a monthly report</h3>
            <ReportForm client={selected} />
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Latest metrics</h3>
            <MetricsForm clientId={selected.id} clientName={selected.username} />
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Files</h3>
            <UploadForm client={selected} />
            <div className="mt-3">
              <FilesPanel clientId={selected.id} />
            </div>
          </section>
          <section>
            <h3 className="mb-3 text-lg font-semibold">Reports</h3>
            <ReportsPanel clientId={selected.id} />
          </section>
        </div>
      ) : (
        <p className="text-slate-600">Choose a client to manage their reports and files.</p>
      )}
    </div>
  );
}
