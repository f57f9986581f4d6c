import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  FETCHED_FIELDS,
  REPORT_FIGURE_FIELDS,
  ReportDraftInputSchema,
  reportMonth,
  type FetchedField,
  type ReviewReport,
} from '@agency/contracts';
import { fieldsOf, payloadResolver, TextAreaField, TextField } from '@agency/contracts/ui';
import { FormProblems, useStaffSave } from '../../../lib/staff-form';
import { usePublishReport, useSaveDraft } from '../api/report-drafts';
import { GoogleFigures } from './google-figures';

type Values = Record<'notes' | 'nextSteps' | (typeof REPORT_FIGURE_FIELDS)[number][0], string>;

const isFetched = (key: string): key is FetchedField => (FETCHED_FIELDS as readonly string[]).includes(key);
const shown = (v: number | null | undefined) => (v === null || v === undefined ? 'nothing' : v.toLocaleString('en-NZ'));

function valuesOf(report: ReviewReport): Values {
  const values = { notes: report.notes ?? '', nextSteps: report.nextSteps ?? '' } as Values;
  for (const [key] of REPORT_FIGURE_FIELDS)
    values[key] = report[key] === null || report[key] === undefined ? '' : String(report[key]);
  return values;
}

function readDraft(values: Values): Record<string, unknown> {
  const raw: Record<string, unknown> = { notes: values.notes || null, nextSteps: values.nextSteps || null };
  for (const [key] of REPORT_FIGURE_FIELDS) raw[key] = values[key].trim() === '' ? null : Number(values[key]);
  return raw;
}

/**
 * A draft as staff review it (decision 0094): each figure, with what Google gave beside any figure changed from it,
 * the narrative, and Save draft or Publish (which saves first). Only a published report reaches the client.
 */
export function DraftEditor({ report, clientName }: { report: ReviewReport; clientName: string }) {
  const saveDraft = useSaveDraft();
  const publish = usePublishReport();
  const form = useForm<Values, unknown, z.output<typeof ReportDraftInputSchema>>({
    resolver: payloadResolver(ReportDraftInputSchema, readDraft),
    defaultValues: valuesOf(report),
  });
  const month = reportMonth(report.reportDate);
  const save = useStaffSave(form, {
    save: (draft) => saveDraft.mutateAsync({ id: report.id, draft }),
    saved: () => ({ title: 'Draft saved', description: `${clientName}, ${month}` }),
    after: valuesOf,
    failure: 'Could not save the draft',
  });
  const saveAndPublish = useStaffSave(form, {
    save: async (draft) => {
      await saveDraft.mutateAsync({ id: report.id, draft });
      return publish.mutateAsync(report.id);
    },
    saved: () => ({ title: 'Report published', description: `${clientName} can now see ${month}.` }),
    after: valuesOf,
    failure: 'Could not publish the report',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  const fetched = report.fetched;
  const edited = new Set<string>(report.edited);
  const hint = (key: string) => {
    if (!fetched || !isFetched(key)) return undefined;
    return edited.has(key) ? `Edited; fetched ${shown(fetched.figures[key])}` : 'From Google';
  };
  return (
    <div className="space-y-6">
      <form onSubmit={save} noValidate aria-label={`Draft report ${month}`} className="grid gap-3 sm:grid-cols-3">
        {REPORT_FIGURE_FIELDS.map(([key, label]) => (
          <TextField key={key} label={label} type="number" step="any" hint={hint(key)} {...field(key)} />
        ))}
        <TextAreaField label="What we did" rows={3} className="sm:col-span-3" {...field('notes')} />
        <TextAreaField label="What's next" rows={3} className="sm:col-span-3" {...field('nextSteps')} />
        <FormProblems errors={form.formState.errors} className="sm:col-span-3" />
        <div className="flex gap-3 sm:col-span-3">
          <button
            type="submit"
            disabled={form.formState.isSubmitting}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold disabled:opacity-60"
          >
            Save draft
          </button>
          <button
            type="button"
            onClick={saveAndPublish}
            disabled={form.formState.isSubmitting}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            Publish
          </button>
        </div>
      </form>
      {fetched && <GoogleFigures fetched={fetched} />}
    </div>
  );
}
