import { useState } from 'react';
import { formatNzDateTime, PRIVACY_COPY_LINK, type PrivacyRequestRow, type RetentionPreview } from '@agency/contracts';
import { QueryView } from '../../components/query-view';
import { useToastedCall } from '../../lib/use-toasted-call';
import {
  exportPrivacy,
  useClosePrivacy,
  useErasePrivacy,
  useHoldClient,
  usePrivacyRequests,
  useReleaseClientHold,
  useRetentionPreview,
  useSendPrivacyCopy,
} from './api/privacy';

const KIND = { access: 'A copy of their data', correction: 'A correction', deletion: 'Deletion' } as const;

/** The button that e-mails the person of a request for a copy a link to it; it asks first. */
function SendCopy({ r }: { r: PrivacyRequestRow }) {
  const toasted = useToastedCall();
  const send = useSendPrivacyCopy();
  return (
    <button
      type="button"
      disabled={send.isPending}
      className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
      onClick={() => {
        const ask = `E-mail ${r.email} a link to a copy of everything held about them? The link works for ${PRIVACY_COPY_LINK.days} days and the request is marked done.`;
        if (!window.confirm(ask)) return;
        void toasted(
          () => send.mutateAsync(r.id),
          {
            title: 'Copy sent',
            description: `A link to their copy is on its way to ${r.email}.`,
          },
          { title: 'Copy not sent', fallback: 'Please try again.' },
        );
      }}
    >
      {r.copySentAt ? 'E-mail a new link to their copy' : 'E-mail them their copy'}
    </button>
  );
}

function Request({ r }: { r: PrivacyRequestRow }) {
  const toasted = useToastedCall();
  const erase = useErasePrivacy();
  const close = useClosePrivacy();
  const [outcome, setOutcome] = useState('');
  const overdue = r.status === 'open' && r.dueAt !== null && new Date(r.dueAt).getTime() < Date.now();
  const mayCopy = r.kind === 'access' && r.email !== 'erased';
  return (
    <li className="min-w-0 space-y-2 p-3" aria-label={`Privacy request #${r.id}`}>
      <p className="font-medium [overflow-wrap:anywhere]">
        #{r.id} {KIND[r.kind]} for {r.email}
      </p>
      <p className={`text-sm ${overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
        {r.status === 'done'
          ? `Done ${formatNzDateTime(r.doneAt)}: ${r.outcome ?? ''}`
          : `Confirmed ${formatNzDateTime(r.confirmedAt)} · answer by ${formatNzDateTime(r.dueAt)}${overdue ? ' (overdue)' : ''}`}
      </p>
      {r.copySentAt && (
        <p className="text-sm text-slate-600">
          Copy e-mailed {formatNzDateTime(r.copySentAt)}; the link works until {formatNzDateTime(r.copyExpiresAt)}.
        </p>
      )}
      {r.details && <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{r.details}</p>}
      {r.status === 'done' && mayCopy && <SendCopy r={r} />}
      {r.status === 'open' && (
        <div className="flex min-w-0 flex-wrap items-end gap-2">
          {mayCopy && <SendCopy r={r} />}
          <button
            type="button"
            className="rounded-lg border px-3 py-1.5 text-sm font-semibold"
            onClick={() =>
              void toasted(
                () => exportPrivacy(r.id),
                { title: 'Export ready', description: 'Their copy is in your downloads.' },
                { title: 'Export failed', fallback: 'Please try again.' },
              )
            }
          >
            Export everything
          </button>
          {r.kind === 'deletion' && (
            <button
              type="button"
              className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800"
              onClick={() => {
                if (!window.confirm(`Erase everything held about ${r.email}? This cannot be undone.`)) return;
                void toasted(
                  () => erase.mutateAsync(r.id),
                  { title: 'Erased', description: `Everything held about request #${r.id}'s address is erased.` },
                  { title: 'Not erased', fallback: 'Please try again.' },
                );
              }}
            >
              Erase everywhere
            </button>
          )}
          <textarea
            aria-label={`What was done for request #${r.id}`}
            placeholder="What was done (the person is e-mailed this)"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value)}
            rows={2}
            className="min-w-0 flex-1 basis-60 rounded border px-2 py-1 text-sm"
          />
          <button
            type="button"
            disabled={!outcome.trim() || close.isPending}
            className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
            onClick={() =>
              void toasted(
                () => close.mutateAsync({ id: r.id, outcome }),
                { title: 'Request done', description: 'The person has been e-mailed.' },
                { title: 'Not closed', fallback: 'Please try again.' },
              )
            }
          >
            Mark done and tell them
          </button>
        </div>
      )}
    </li>
  );
}

type DueClient = RetentionPreview['clientsDue'][number];

/** When a client account closed at `closedAt` comes due: seven years on (as the gateway counts, in UTC). */
const sevenYearsOn = (closedAt: string) => {
  const at = new Date(closedAt);
  at.setUTCFullYear(at.getUTCFullYear() + 7);
  return at.toISOString();
};

/** A closed client account the next run erases, with the form that keeps it (a reason is required and audited). */
function DueClientRow({ c, soon = false }: { c: DueClient; soon?: boolean }) {
  const hold = useHoldClient();
  const toasted = useToastedCall();
  const [reason, setReason] = useState('');
  return (
    <li className="min-w-0 space-y-1" aria-label={`Client account ${c.username}`}>
      <p className="[overflow-wrap:anywhere]">
        {c.username} ({c.email}), closed {formatNzDateTime(c.closedAt)}
        {soon && `, erased from ${formatNzDateTime(sevenYearsOn(c.closedAt))}`}
      </p>
      <div className="flex min-w-0 flex-wrap items-end gap-2">
        <input
          aria-label={`Why keep ${c.username}'s records`}
          placeholder="Why keep these records"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          className="min-w-0 flex-1 basis-60 rounded border px-2 py-1"
        />
        <button
          type="button"
          disabled={hold.isPending || reason.trim().length < 3}
          onClick={() =>
            void toasted(
              () => hold.mutateAsync({ id: c.userId, reason }),
              { title: 'Client held', description: `${c.username}'s records are kept past the seven years.` },
              { title: 'Not held', fallback: 'Please try again.' },
            )
          }
          className="rounded-lg border px-3 py-1.5 font-semibold disabled:opacity-60"
        >
          Hold
        </button>
      </div>
    </li>
  );
}

/** Client accounts closed more than seven years ago (erased next run) and the ones staff keep (decision 0069). */
function ClientRetention({ p }: { p: RetentionPreview }) {
  const release = useReleaseClientHold();
  const toasted = useToastedCall();
  return (
    <div className="space-y-2 text-sm">
      <p>
        Client accounts closed before {formatNzDateTime(p.clientCutoff)} are erased with their reports, files and leads
        unless held: {p.clientsDueTotal} to erase.
      </p>
      {p.clientsDue.length > 0 && (
        <ul className="space-y-2 pl-5">
          {p.clientsDue.map((c) => (
            <DueClientRow key={c.userId} c={c} />
          ))}
        </ul>
      )}
      {p.clientsSoon.length > 0 && (
        <>
          <p className="font-medium">Coming due within 30 days</p>
          <ul className="space-y-2 pl-5">
            {p.clientsSoon.map((c) => (
              <DueClientRow key={c.userId} c={c} soon />
            ))}
          </ul>
        </>
      )}
      {p.clientsHeld.length > 0 && (
        <>
          <p className="font-medium">Held client accounts</p>
          <ul className="list-disc space-y-1 pl-5">
            {p.clientsHeld.map((h) => (
              <li key={h.userId} className="[overflow-wrap:anywhere]">
                {h.username}: {h.reason}{' '}
                <button
                  type="button"
                  disabled={release.isPending}
                  onClick={() =>
                    void toasted(
                      () => release.mutateAsync(h.userId),
                      { title: 'Hold lifted', description: `${h.username}'s records follow the seven years again.` },
                      { title: 'Hold not lifted', fallback: 'Please try again.' },
                    )
                  }
                  className="ml-1 rounded border px-2 py-0.5 text-xs font-semibold disabled:opacity-60"
                >
                  Lift the hold
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Privacy requests due within 20 working days, and what the next retention run will erase. */
export function PrivacyPanel() {
  const requests = usePrivacyRequests();
  const retention = useRetentionPreview();
  return (
    <div className="min-w-0 space-y-6">
      <section>
        <h2 className="text-lg font-semibold">Privacy requests</h2>
        <QueryView query={requests}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-slate-600">No confirmed requests.</p>
            ) : (
              <ul className="min-w-0 divide-y rounded-xl border border-slate-200">
                {rows.map((r) => (
                  <Request key={r.id} r={r} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <section>
        <h2 className="text-lg font-semibold">Next retention run</h2>
        <QueryView query={retention}>
          {(p) => (
            <div className="space-y-2 text-sm">
              <p>
                Leads that came in before {formatNzDateTime(p.cutoff)} are erased unless the person is a client or the
                lead is held: {p.dueTotal} to erase.
              </p>
              <ul className="list-disc pl-5">
                {p.due.map((d) => (
                  <li key={`${d.leadType}-${d.leadId}`} className="[overflow-wrap:anywhere]">
                    {d.leadType} #{d.leadId}, {d.who}, came in {formatNzDateTime(d.createdAt)}
                  </li>
                ))}
              </ul>
              {p.held.length > 0 && (
                <>
                  <p className="font-medium">Held leads</p>
                  <ul className="list-disc pl-5">
                    {p.held.map((h) => (
                      <li key={`${h.leadType}-${h.leadId}`} className="[overflow-wrap:anywhere]">
                        {h.leadType} #{h.leadId}: {h.reason}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <ClientRetention p={p} />
            </div>
          )}
        </QueryView>
      </section>
    </div>
  );
}
