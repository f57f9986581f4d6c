import { FormAlert } from '@agency/contracts/ui';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { QueryView } from '../../components/query-view';
import { ConfirmButton } from '../../components/confirm-button';
import { shownDateTime } from '../../lib/shown-date-time';
import { useConnectGoogle } from './api/connect-google';
import { useDisconnectGoogle } from './api/disconnect-google';
import { useGoogleState, type GoogleConnection } from './api/get-google-state';
import { SourcesForm } from './components/sources-form';

function ConnectionState({ connection }: { connection: GoogleConnection | null }) {
  if (!connection) return <p>Not connected.</p>;
  const by = connection.connectedBy ?? 'a former staff member';
  return (
    <div className="space-y-1 text-sm">
      <p className="text-base">
        Connected by {by} on {shownDateTime(connection.connectedAt)}.
      </p>
      <p className="text-slate-600">
        {connection.ga4Property ? `GA4: ${connection.ga4Property.name}. ` : 'No GA4 property chosen. '}
        {connection.searchConsoleSite
          ? `Search Console: ${connection.searchConsoleSite}.`
          : 'No Search Console site chosen.'}
      </p>
      <p className="text-slate-600">
        {connection.lastFetchAt
          ? `Last fetch ${shownDateTime(connection.lastFetchAt)}${connection.lastFetchedDay ? `, figures to ${connection.lastFetchedDay}` : ''}.`
          : 'No figures fetched yet.'}
      </p>
      {connection.lastError && (
        <FormAlert>
          {connection.lastError}
          {connection.lastErrorAt && ` (${shownDateTime(connection.lastErrorAt)})`}
        </FormAlert>
      )}
      {!connection.granted && !connection.lastError && (
        <FormAlert>No usable grant is held: connect Google again.</FormAlert>
      )}
    </div>
  );
}

/**
 * Staff: a client's Google data (decision 0093). Connecting leaves for Google's consent page; Google sends the
 * browser back to the dashboard, which finishes the round trip and opens this client again.
 */
export function GoogleDataSection({ clientId, clientName }: { clientId: number; clientName: string }) {
  const state = useGoogleState(clientId);
  const connect = useConnectGoogle();
  const disconnect = useDisconnectGoogle();
  const { toast } = useHost();
  async function start() {
    try {
      const { authorizeUrl } = await connect.mutateAsync(clientId);
      window.location.assign(authorizeUrl);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not connect Google',
        description: serverErrorText(error, 'Please try again'),
      });
    }
  }
  return (
    <QueryView query={state}>
      {({ configured, connection }) => (
        <div className="space-y-4">
          {!configured && (
            <FormAlert>
              Google is not configured on this gateway: see the configuration guide (GOOGLE_CLIENT_ID).
            </FormAlert>
          )}
          <ConnectionState connection={connection} />
          <div className="flex flex-wrap gap-3">
            {configured && (
              <button
                type="button"
                onClick={() => void start()}
                disabled={connect.isPending}
                className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
              >
                {connection ? 'Connect Google again' : 'Connect Google'}
              </button>
            )}
            {connection && (
              <ConfirmButton
                label="Disconnect"
                confirmLabel="Confirm disconnect"
                name={`Google for ${clientName}`}
                onConfirm={async () => {
                  try {
                    // Its words say whether Google confirmed the revoke.
                    const { message } = await disconnect.mutateAsync(clientId);
                    toast({ title: 'Google disconnected', description: message });
                  } catch (error) {
                    toast({
                      variant: 'destructive',
                      title: 'Could not disconnect',
                      description: serverErrorText(error, 'Please try again'),
                    });
                  }
                }}
              />
            )}
          </div>
          {connection && configured && (
            <SourcesForm
              key={connection.connectedAt}
              clientId={clientId}
              clientName={clientName}
              connection={connection}
            />
          )}
        </div>
      )}
    </QueryView>
  );
}
