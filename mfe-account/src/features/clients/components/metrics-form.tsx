import { useForm } from 'react-hook-form';
import { calendarDay, MetricsInputSchema, type MetricsInput } from '@agency/contracts';
import { fieldsOf, payloadResolver, TextAreaField, TextField } from '@agency/contracts/ui';
import { SaveRow } from '../../../components/save-row';
import { useStaffSave } from '../../../lib/staff-form';
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

type MetricsValues = Record<'date' | (typeof CHANNELS)[number][0], string>;

const readMetrics = (values: MetricsValues) => ({
  date: values.date,
  ...Object.fromEntries(CHANNELS.map(([key]) => [key, parseFigures(values[key])])),
});

/** Staff record a client's latest headline figures per channel (what the client's overview shows first). */
export function MetricsForm({ clientId, clientName }: { clientId: number; clientName: string }) {
  const saveMetrics = useSaveMetrics();
  const form = useForm<MetricsValues, unknown, MetricsInput>({
    resolver: payloadResolver(MetricsInputSchema, readMetrics),
    defaultValues: { date: '', seo: '', smm: '', sem: '' },
  });
  const submit = useStaffSave(form, {
    save: (metrics) => saveMetrics.mutateAsync({ clientId, metrics }),
    saved: (metrics) => ({ title: 'Metrics saved', description: `${clientName}, ${calendarDay(metrics.date)}` }),
    failure: 'Could not save the metrics',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <form onSubmit={submit} noValidate aria-label="Metrics" className="grid gap-3 sm:grid-cols-3">
      <TextField
        label="Date"
        required
        type="date"
        className="sm:col-span-3"
        controlClass="sm:w-auto"
        {...field('date')}
      />
      {CHANNELS.map(([key, label]) => (
        <TextAreaField
          key={key}
          label={label}
          rows={4}
          placeholder={'Sessions: 1200\nAverage position: 4.2'}
          controlClass="font-mono text-xs"
          {...field(key)}
        />
      ))}
      <p className="text-xs text-slate-500 sm:col-span-3">
        One figure per line, as “Name: value”. Leave a channel empty if the client does not use it.
      </p>
      <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Save metrics" />
    </form>
  );
}
