import { useForm } from 'react-hook-form';
import { ReportScheduleInputSchema, type ReportSchedule } from '@agency/contracts';
import { fieldsOf, payloadResolver, TextAreaField, TextField } from '@agency/contracts/ui';
import type { z } from 'zod';
import { SaveRow } from '../../../components/save-row';
import { useStaffSave } from '../../../lib/staff-form';
import { useSaveReportSchedule } from '../api/report-schedule';

interface Values {
  enabled: boolean;
  dayOfMonth: string;
  time: string;
  sendToClient: boolean;
  /** One address a line. */
  extraRecipients: string;
}

const read = (v: Values) => ({
  enabled: v.enabled,
  dayOfMonth: v.dayOfMonth.trim() === '' ? undefined : Number(v.dayOfMonth),
  time: v.time,
  sendToClient: v.sendToClient,
  extraRecipients: v.extraRecipients
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean),
});

/** When (New Zealand time) and to whom a client's monthly report is e-mailed. */
export function ScheduleForm({ schedule, clientName }: { schedule: ReportSchedule; clientName: string }) {
  const save = useSaveReportSchedule();
  const form = useForm<Values, unknown, z.output<typeof ReportScheduleInputSchema>>({
    resolver: payloadResolver(ReportScheduleInputSchema, read),
    defaultValues: {
      enabled: schedule.enabled,
      dayOfMonth: String(schedule.dayOfMonth),
      time: schedule.time,
      sendToClient: schedule.sendToClient,
      extraRecipients: schedule.extraRecipients.join('\n'),
    },
  });
  const submit = useStaffSave(form, {
    save: (input) => save.mutateAsync({ clientId: schedule.clientId, input }),
    saved: (input) => ({
      title: 'Schedule saved',
      description: input.enabled
        ? `${clientName}'s report goes out on day ${input.dayOfMonth} at ${input.time} (New Zealand time).`
        : `${clientName}'s report is not e-mailed on a schedule.`,
    }),
    failure: 'Could not save the schedule',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <form onSubmit={submit} noValidate aria-label="Report e-mail schedule" className="grid gap-3 sm:grid-cols-3">
      <label className="flex items-center gap-2 sm:col-span-3">
        <input type="checkbox" {...form.register('enabled')} /> E-mail last month&apos;s report every month
      </label>
      <TextField label="Day of the month (1-28)" inputMode="numeric" {...field('dayOfMonth')} />
      <TextField label="Time (New Zealand)" type="time" {...field('time')} />
      <label className="flex items-center gap-2 sm:col-span-3">
        <input type="checkbox" {...form.register('sendToClient')} /> Send to the client&apos;s address (
        {schedule.clientEmail})
      </label>
      <div className="sm:col-span-3">
        <TextAreaField label="Extra addresses (one a line, up to 10)" rows={3} {...field('extraRecipients')} />
      </div>
      <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Save schedule" />
    </form>
  );
}
