import { useForm } from 'react-hook-form';
import { GoogleSourcesInputSchema, type GoogleConnection, type GoogleSourcesInput } from '@agency/contracts';
import { serverErrorText } from '@agency/contracts/client';
import { FormAlert, fieldsOf, payloadResolver, SelectField } from '@agency/contracts/ui';
import { SaveRow } from '../../../components/save-row';
import { useStaffSave } from '../../../lib/staff-form';
import { useGoogleSources } from '../api/get-google-sources';
import { useSaveGoogleSources } from '../api/save-google-sources';

type Values = { ga4Property: string; searchConsoleSite: string };

/** An empty choice is none: the figures of that source are not fetched. */
const read = (v: Values) => ({ ga4Property: v.ga4Property || null, searchConsoleSite: v.searchConsoleSite || null });

/** The client's GA4 property and Search Console site, chosen among what the grant can read (asked of Google). */
export function SourcesForm({
  clientId,
  clientName,
  connection,
}: {
  clientId: number;
  clientName: string;
  connection: GoogleConnection;
}) {
  const sources = useGoogleSources(clientId, connection.granted);
  const save = useSaveGoogleSources();
  const chosen = (c: GoogleConnection): Values => ({
    ga4Property: c.ga4Property?.id ?? '',
    searchConsoleSite: c.searchConsoleSite ?? '',
  });
  const form = useForm<Values, unknown, GoogleSourcesInput>({
    resolver: payloadResolver(GoogleSourcesInputSchema, read),
    defaultValues: chosen(connection),
  });
  const submit = useStaffSave(form, {
    save: (input) => save.mutateAsync({ clientId, sources: input }),
    saved: () => ({ title: 'Sources saved', description: `${clientName}'s Google data sources` }),
    after: chosen,
    failure: 'Could not save the sources',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  if (!connection.granted) return null;
  if (sources.isPending) return <p className="text-sm text-slate-600">Asking Google for the properties and sites...</p>;
  if (sources.isError)
    return <FormAlert>{serverErrorText(sources.error, 'Google did not answer. Try again.')}</FormAlert>;
  const { properties, sites } = sources.data;
  return (
    <form onSubmit={submit} noValidate aria-label="Google data sources" className="grid gap-3 sm:grid-cols-3">
      <SelectField label="GA4 property" className="sm:col-span-3" {...field('ga4Property')}>
        <option value="">None</option>
        {properties.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.id.replace('properties/', '')}, {p.account})
          </option>
        ))}
      </SelectField>
      <SelectField label="Search Console site" className="sm:col-span-3" {...field('searchConsoleSite')}>
        <option value="">None</option>
        {sites.map((s) => (
          <option key={s.url} value={s.url}>
            {s.url}
          </option>
        ))}
      </SelectField>
      <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Save sources" />
    </form>
  );
}
