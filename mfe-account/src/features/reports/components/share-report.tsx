import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { reportMonth, SHARE_LINK_DAYS, ShareLinkInputSchema, type MonthlyReport } from '@agency/contracts';
import { fieldsOf, SelectField } from '@agency/contracts/ui';
import type { z } from 'zod';
import { ConfirmButton } from '../../../components/confirm-button';
import { Dialog } from '../../../components/dialog';
import { QueryView } from '../../../components/query-view';
import { SaveRow } from '../../../components/save-row';
import { shownDateTime } from '../../../lib/shown-date-time';
import { useStaffSave } from '../../../lib/staff-form';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useCreateShareLink } from '../api/create-share-link';
import { useShareLinks } from '../api/get-share-links';
import { useRevokeShareLink } from '../api/revoke-share-link';

type Input = z.input<typeof ShareLinkInputSchema>;
const DAYS_LABEL = (d: number) => (d === 1 ? '1 day' : `${d} days`);

/** The address of a link just made, shown once (the server keeps only its hash), with a button to copy it. */
function NewLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-lg bg-green-50 p-3 text-sm">
      <label className="block font-semibold" htmlFor="new-share-link">
        New link (shown once: copy it now)
      </label>
      <div className="mt-1 flex gap-2">
        <input id="new-share-link" readOnly value={url} className="min-w-0 flex-1 rounded border px-2 py-1" />
        <button
          type="button"
          className="rounded border border-slate-300 px-3 py-1 font-semibold"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

function ShareForm({ report, onMade }: { report: MonthlyReport; onMade: (url: string) => void }) {
  const create = useCreateShareLink();
  const form = useForm<Input, unknown, z.output<typeof ShareLinkInputSchema>>({
    resolver: zodResolver(ShareLinkInputSchema),
    defaultValues: { expiresInDays: 30 },
  });
  const submit = useStaffSave(form, {
    save: async (input) => {
      const made = await create.mutateAsync({ reportId: report.id, input });
      onMade(made.url);
      return made;
    },
    saved: (input) => ({
      title: 'Link made',
      description: `It opens the report for ${DAYS_LABEL(input.expiresInDays)}.`,
    }),
    failure: 'The link could not be made. Please try again.',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <form onSubmit={submit} noValidate aria-label="Make a share link" className="flex flex-wrap items-end gap-3">
      <SelectField label="Opens for" {...field('expiresInDays', { setValueAs: Number })}>
        {SHARE_LINK_DAYS.map((d) => (
          <option key={d} value={d}>
            {DAYS_LABEL(d)}
          </option>
        ))}
      </SelectField>
      <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Make link" />
    </form>
  );
}

function LinkList({ report }: { report: MonthlyReport }) {
  const links = useShareLinks(report.id);
  const revoke = useRevokeShareLink();
  const toasted = useToastedCall();
  return (
    <QueryView query={links}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No links yet.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Share links">
            {data.items.map((link) => {
              const live = !link.revokedAt && link.expiresAt.getTime() > Date.now();
              return (
                <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {link.recipient
                      ? `E-mailed to ${link.recipient}`
                      : `Made by ${link.createdBy ?? 'a former staff member'}`}{' '}
                    on {shownDateTime(link.createdAt.toISOString())}
                    <span className="block text-xs text-slate-600">
                      {link.revokedAt
                        ? `Revoked ${shownDateTime(link.revokedAt.toISOString())}`
                        : `${live ? 'Opens until' : 'Expired'} ${shownDateTime(link.expiresAt.toISOString())}`}
                      {` · opened ${link.opens} time${link.opens === 1 ? '' : 's'}`}
                      {link.lastOpenedAt ? `, last ${shownDateTime(link.lastOpenedAt.toISOString())}` : ''}
                    </span>
                  </span>
                  {live && (
                    <ConfirmButton
                      label="Revoke"
                      confirmLabel="Confirm revoke"
                      name="this link"
                      onConfirm={() =>
                        toasted(
                          () => revoke.mutateAsync({ id: link.id, reportId: report.id }),
                          { title: 'Link revoked', description: 'It no longer opens the report.' },
                          { title: 'Revoke failed', fallback: 'Could not revoke the link' },
                        )
                      }
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryView>
  );
}

/** Staff: a report's share links (make one for a chosen time, see who opened which, revoke). */
export function ShareReport({ report }: { report: MonthlyReport }) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const month = reportMonth(report.reportDate);
  return (
    <>
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-1 text-xs font-semibold"
        aria-label={`Share the report for ${month}`}
        onClick={() => setOpen(true)}
      >
        Share
      </button>
      <Dialog
        open={open}
        title={`Share the report for ${month}`}
        onClose={() => {
          setOpen(false);
          setMade(null);
        }}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Anyone with a link sees this report and its PDF without signing in, until the link expires or is revoked.
          </p>
          {made && <NewLink url={made} />}
          <ShareForm report={report} onMade={setMade} />
          <LinkList report={report} />
          <button type="button" className="rounded border px-3 py-1.5 font-semibold" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Dialog>
    </>
  );
}
