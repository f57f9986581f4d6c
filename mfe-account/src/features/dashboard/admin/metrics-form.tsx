import { MetricsInputSchema } from '@agency/contracts';
import { SaveRow } from '../../../components/save-row';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveMetrics } from '../api/save-metrics';

const CHANNELS = [
  ['seo', 'SEO'],
  ['smm', 'Social media'],
  ['sem', 'Paid ads'],
] as const;

/** "Sessions: 1200" lines -> { Sessions: 1200 }; numbers stay numbers so the client's overview can format them. */
export function parseFigures(text: string): Record<string, number | string> | null {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      const key = (at === -1 ? line : line.slice(0, at)).trim();
      const raw = at === -1 ? '' : line.slice(at + 1).trim();
      const number = Number(raw.replace(/,/g, ''));
      return [key, raw !== '' && Number.isFinite(number) ? number : raw] as const;
    });
  return entries.length ? Object.fromEntries(entries) : null;
}

/** Staff record a client's latest headline figures per channel (what the client's overview shows first). */
export function MetricsForm({ clientId, clientName }: { clientId: number; clientName: string }) {
  const saveMetrics = useSaveMetrics();
  const { error, onSubmit } = useCheckedForm({
    schema: MetricsInputSchema,
    read: (form) => ({
      date: String(form.get('date') ?? ''),
      ...Object.fromEntries(CHANNELS.map(([key]) => [key, parseFigures(String(form.get(key) ?? ''))])),
    }),
    save: (metrics) => saveMetrics.mutateAsync({ clientId, metrics }),
    saved: (metrics) => ({ title: 'Metrics saved', description: `${clientName}, ${metrics.date}` }),
    failure: 'Could not save the metrics',
    root: 'metrics',
  });
  return (
    <form onSubmit={onSubmit} aria-label="Metrics" className="grid gap-3 sm:grid-cols-3">
      <label className="text-sm font-medium sm:col-span-3">
        Date
        <input name="date" type="date" required className="mt-1 block rounded border px-2 py-1" />
      </label>
      {CHANNELS.map(([key, label]) => (
        <label key={key} className="text-sm font-medium">
          {label}
          <textarea
            name={key}
            rows={4}
            placeholder={'Sessions: 1200\nAverage position: 4.2'}
            className="mt-1 w-full rounded border px-2 py-1 font-mono text-xs"
          />
        </label>
      ))}
      <p className="text-xs text-slate-500 sm:col-span-3">
        One figure per line, as “Name: value”. Leave a channel empty if the client does not use it.
      </p>
      <SaveRow error={error} label="Save metrics" />
    </form>
  );
}
