import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CreateDeployTokenSchema,
  DEPLOY_TOKEN_DEFAULT_DAYS,
  DEPLOY_TOKEN_MAX_DAYS,
  TEAM_REMOTES,
  type DeployToken,
  type RemoteName,
} from '@agency/contracts';
import { fieldsOf, Options, payloadResolver, SelectField, SubmitButton, TextField } from '@agency/contracts/ui';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryView } from '../../../components/query-view';
import { FormProblems, useStaffSave } from '../../../lib/staff-form';
import { useStepUp } from '../../../lib/step-up';
import { useCreateDeployToken, useDeployTokens, useRevokeDeployToken } from '../api/deploy-tokens';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { shownDateTime } from '../../../lib/shown-date-time';

interface TokenFields {
  remote: RemoteName;
  label: string;
  /** As typed: the schema wants a whole number of days. */
  days: string;
}
const NEW_TOKEN: TokenFields = { remote: 'quoting', label: '', days: String(DEPLOY_TOKEN_DEFAULT_DAYS) };
/** The fields as the gateway's payload, for the contracts schema to check. */
const tokenPayload = ({ remote, label, days }: TokenFields) => ({
  remote,
  label: label.trim(),
  expiresInDays: days.trim() === '' ? undefined : Number(days),
});

const button = 'rounded-lg px-4 py-1.5 text-sm font-semibold disabled:opacity-60';

/**
 * Deploy tokens: each lets one team's pipeline release its remote (docs/releasing.md, "Releasing from CI"). A new
 * token is shown here once, for the pipeline's secret; the gateway keeps only its hash. Revoking one is asked about
 * first.
 */
export function DeployTokens() {
  const toasted = useToastedCall();
  const tokens = useDeployTokens();
  const create = useCreateDeployToken();
  const revoke = useRevokeDeployToken();
  const stepUp = useStepUp();
  const form = useForm<TokenFields, unknown, { remote: RemoteName; label: string; expiresInDays: number }>({
    resolver: payloadResolver(CreateDeployTokenSchema, tokenPayload),
    defaultValues: NEW_TOKEN,
  });
  const [made, setMade] = useState<{ token: string; label: string; remote: string } | null>(null);
  const [revoking, setRevoking] = useState<DeployToken | null>(null);

  // The confirmation closes first: a step-up prompt may follow, and the toast says the outcome.
  const onRevoke = async (t: DeployToken) => {
    setRevoking(null);
    await toasted(
      () => revoke.mutateAsync(t.id),
      { title: 'Token revoked', description: `“${t.label}” no longer releases ${t.remote}.` },
      { title: 'The token could not be revoked', fallback: 'Please try again.' },
    );
  };

  // Refused (a label it will not take, days out of range): the form says why under it, and keeps what was typed.
  const onCreate = useStaffSave(form, {
    save: async (input) => {
      const answer = await stepUp(() => create.mutateAsync(input));
      setMade({ token: answer.token, label: answer.deployToken.label, remote: answer.deployToken.remote });
    },
    saved: () => ({ title: 'Deploy token created', description: 'Copy it now: it is not shown again.' }),
    after: () => ({ ...form.getValues(), label: '' }),
    failure: 'The token could not be created. Please try again.',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });

  return (
    <section aria-labelledby="deploy-tokens-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="deploy-tokens-heading" className="mb-2 text-lg font-semibold">
        Deploy tokens
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        A pipeline releases its micro-frontend with a token for that one remote, as its DEPLOY_TOKEN secret. Tokens
        expire after {DEPLOY_TOKEN_DEFAULT_DAYS} days unless you choose otherwise; revoking one stops it at once. The
        account remote runs where clients and staff are signed in, so only the agency releases it: no token can.
      </p>
      <form
        onSubmit={onCreate}
        noValidate
        aria-label="Create a deploy token"
        className="mb-3 flex flex-wrap items-end gap-3"
      >
        <SelectField label="Remote" required className="grid text-xs text-slate-700" {...field('remote')}>
          <Options values={TEAM_REMOTES} />
        </SelectField>
        <TextField
          label="Label"
          required
          maxLength={100}
          placeholder="Quoting team's GitHub Actions"
          className="grid w-64 text-xs text-slate-700"
          {...field('label')}
        />
        <TextField
          label="Expires after (days)"
          type="number"
          min={1}
          max={DEPLOY_TOKEN_MAX_DAYS}
          className="grid w-24 text-xs text-slate-700"
          {...field('days')}
        />
        <SubmitButton
          pending={form.formState.isSubmitting}
          pendingLabel="Creating…"
          className={`${button} bg-slate-900 text-white`}
        >
          Create token
        </SubmitButton>
        <FormProblems errors={form.formState.errors} className="w-full" />
      </form>
      {made && (
        <div role="status" className="mb-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm">
          <p className="font-semibold">
            The token for {made.remote} (“{made.label}”). Copy it into the pipeline&apos;s secrets now: it is not shown
            again.
          </p>
          <output aria-label="New deploy token" className="mt-1 block font-mono text-xs break-all select-all">
            {made.token}
          </output>
        </div>
      )}
      <QueryView query={tokens}>
        {(data) =>
          data.tokens.length === 0 ? (
            <p className="text-sm text-slate-600">No deploy tokens yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {data.tokens.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
                  <span>
                    <span className="font-semibold">{t.label}</span> for {t.remote}, made by {t.createdBy}.{' '}
                    {t.revokedAt
                      ? `Revoked ${shownDateTime(t.revokedAt)}.`
                      : `Expires ${shownDateTime(t.expiresAt)}; ${t.lastUsedAt ? `last used ${shownDateTime(t.lastUsedAt)}` : 'never used'}.`}
                  </span>
                  {!t.revokedAt && (
                    <button
                      type="button"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${t.label}`}
                      onClick={() => setRevoking(t)}
                      className={`${button} border border-red-300 text-red-800`}
                    >
                      Revoke
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.label}”?`}
          confirmLabel="Revoke token"
          destructive
          onConfirm={() => onRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>
            The pipeline that holds this token can no longer release {revoking.remote}: its next request is refused.
            What is live now stays live.
          </p>
          <p>This cannot be undone. To release from that pipeline again, create a new token and give it the secret.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
