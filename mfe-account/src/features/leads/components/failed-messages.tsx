import { formatNzDateTime, LEAD_KIND_LABELS, type FailedMessage } from '@agency/contracts';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useFailedMessages, useRetryMessage } from '../api/failed-messages';

const what = (m: FailedMessage) =>
  m.channel === 'email'
    ? `E-mail to ${m.to ?? 'nobody'}: ${m.subject ?? ''}`
    : `Webhook notice about ${m.lead ? `${LEAD_KIND_LABELS[m.lead.type]} #${m.lead.id}` : 'a lead'}`;

const state = (m: FailedMessage) =>
  m.status === 'dead'
    ? `given up after ${m.attempts} tries`
    : `${m.attempts} ${m.attempts === 1 ? 'try' : 'tries'}, next at ${formatNzDateTime(m.nextAttemptAt)}`;

/**
 * Messages of the outbox that did not go through (decision 0087): dead ones, whose tries are spent, need a person
 * (fix the mail server or the webhook, then try again); those still retrying are shown so an outage is seen early.
 * Nothing shows while everything goes out.
 */
export function FailedMessages() {
  const failed = useFailedMessages();
  const retry = useRetryMessage();
  const toasted = useToastedCall();
  if (!failed.data || failed.data.messages.length === 0) return null;
  const { dead, retrying, messages } = failed.data;
  return (
    <section
      aria-label="Messages that did not go through"
      className="min-w-0 rounded-lg border border-red-300 bg-red-50 p-2 text-sm"
    >
      <h3 className="font-semibold">Messages that did not go through</h3>
      <p>
        {dead} given up, {retrying} still retrying.
      </p>
      <ul className="mt-1 space-y-1">
        {messages.map((m) => (
          <li key={m.id} className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 basis-60 [overflow-wrap:anywhere]">
              {what(m)} ({state(m)}): {m.lastError ?? 'no reason given'}
            </span>
            <button
              type="button"
              disabled={retry.isPending}
              onClick={() =>
                void toasted(
                  () => retry.mutateAsync(m.id),
                  { title: 'Trying again', description: `Message #${m.id} is being sent again.` },
                  { title: 'Not retried', fallback: 'Please try again.' },
                )
              }
              className="rounded-lg border bg-white px-3 py-1 font-semibold disabled:opacity-60"
            >
              Try again<span className="sr-only"> message #{m.id}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
