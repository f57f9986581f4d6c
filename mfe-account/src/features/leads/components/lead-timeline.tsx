import { useState } from 'react';
import { formatNzDateTime, type LeadEventInput } from '@agency/contracts';
import { QueryView } from '../../../components/query-view';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { LeadHold } from './lead-hold';
import { useAddLeadEvent, useAssignLead, useLeadOverview, useLeadTimeline } from '../api/lead-work';
import type { LeadRow, LeadType } from '../api/get-leads';

const KIND_TEXT = {
  note: 'Note',
  call: 'Call',
  email: 'E-mail',
  status: 'Status',
  assigned: 'Assigned',
  unsubscribed: 'Unsubscribed',
} as const;

type Unsent = { kind: LeadEventInput['kind']; text: string };
/**
 * Half-written notes, by lead, for as long as the page is open: closing a lead (or opening another) keeps its note
 * until it is saved or discarded (decision 0101).
 */
const unsent = new Map<string, Unsent>();

/** A lead's timeline with the form to add a note or log a call or e-mail, and who the lead is assigned to. */
export function LeadTimeline({ type, lead }: { type: LeadType; lead: LeadRow }) {
  const timeline = useLeadTimeline(type, lead.id);
  const overview = useLeadOverview();
  const add = useAddLeadEvent();
  const assign = useAssignLead();
  const toasted = useToastedCall();
  const noteKey = `${type}-${lead.id}`;
  const [{ kind, text }, setNote] = useState<Unsent>(() => unsent.get(noteKey) ?? { kind: 'note', text: '' });
  const keep = (next: Unsent) => {
    setNote(next);
    if (next.text) unsent.set(noteKey, next);
    else unsent.delete(noteKey);
  };
  const setKind = (next: Unsent['kind']) => keep({ kind: next, text });
  const setText = (next: string) => keep({ kind, text: next });

  const save = async () => {
    const done = await toasted(
      () => add.mutateAsync({ type, id: lead.id, event: { kind, text } }),
      { title: 'Added to the timeline', description: `${KIND_TEXT[kind]} saved on lead #${lead.id}.` },
      { title: 'Not saved', fallback: 'Please try again.' },
    );
    if (done) setText('');
  };

  return (
    <section className="mt-4 min-w-0 space-y-3 border-t border-slate-200 pt-3">
      <label className="block text-sm font-medium">
        Assigned to
        <select
          aria-label={`Assignee of lead #${lead.id}`}
          value={typeof lead.assignedTo === 'number' ? String(lead.assignedTo) : ''}
          onChange={(e) =>
            void toasted(
              () => assign.mutateAsync({ type, id: lead.id, userId: e.target.value ? Number(e.target.value) : null }),
              { title: 'Lead assigned', description: `Lead #${lead.id} is assigned.` },
              { title: 'Not assigned', fallback: 'Please try again.' },
            )
          }
          className="ml-2 max-w-full rounded border px-2 py-1"
        >
          <option value="">Nobody</option>
          {overview.data?.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.username}
            </option>
          ))}
        </select>
      </label>
      <h3 className="text-sm font-semibold">Timeline</h3>
      <QueryView query={timeline}>
        {(events) =>
          events.length === 0 ? (
            <p className="text-sm text-slate-500">Nothing logged yet.</p>
          ) : (
            <ol className="space-y-2 text-sm" aria-label={`Timeline of lead #${lead.id}`}>
              {events.map((e) => (
                <li key={e.id} className="min-w-0 rounded bg-slate-50 p-2">
                  <p className="text-xs text-slate-500">
                    {KIND_TEXT[e.kind]} · {e.userName} · {formatNzDateTime(e.at)}
                  </p>
                  <p className="whitespace-pre-line [overflow-wrap:anywhere]">{e.text}</p>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
      <div className="flex min-w-0 flex-wrap items-end gap-2">
        <label className="text-sm font-medium">
          Add
          <select
            aria-label="What to add"
            value={kind}
            onChange={(e) => setKind(e.target.value as LeadEventInput['kind'])}
            className="ml-2 rounded border px-2 py-1"
          >
            <option value="note">A note</option>
            <option value="call">A call I made</option>
            <option value="email">An e-mail I sent</option>
          </select>
        </label>
        <textarea
          aria-label="What happened"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          maxLength={4000}
          className="min-w-0 flex-1 basis-60 rounded border px-2 py-1 text-sm"
        />
        <button
          type="button"
          onClick={() => void save()}
          disabled={add.isPending || !text.trim()}
          className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          Save
        </button>
        {text && (
          <button
            type="button"
            onClick={() => keep({ kind: 'note', text: '' })}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold"
          >
            Discard
          </button>
        )}
      </div>
      <h3 className="text-sm font-semibold">Retention</h3>
      <LeadHold type={type} id={lead.id} />
    </section>
  );
}
