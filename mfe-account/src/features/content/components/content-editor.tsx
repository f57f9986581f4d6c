import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Draft } from '@agency/contracts';
import { payloadResolver, SubmitButton } from '@agency/contracts/ui';
import { ConfirmButton } from '../../../components/confirm-button';
import { LeaveGuard } from '../../../components/leave-guard';
import { useDraft } from '../../../lib/use-draft';
import { useDrafts } from '../../../lib/drafts';
import { DraftNotice } from './draft-notice';
import { ItemRow, rowActionClass } from '../../../components/item-row';
import { Loading, Pager, QueryView } from '../../../components/query-view';
import { FormProblems, useStaffSave } from '../../../lib/staff-form';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useDeleteContent } from '../api/delete-content';
import { CONTENT_KINDS, useContent, type ContentItem as Item, type ContentKind } from '../api/get-content';
import { useSaveContent } from '../api/save-content';
import { ContentField, contentDefaults, readContent, type ContentValues, type FieldDef } from './content-fields';

/** Adds an item or edits `item`; unsaved changes are kept as a draft (decision 0063), and a save stays on the item. */
function EditorForm({
  fields,
  item,
  draft,
  kind,
  noun,
  onSaved,
  onClose,
}: {
  fields: readonly FieldDef[];
  item: Item | null;
  draft: Draft | undefined;
  kind: ContentKind;
  noun: string;
  onSaved: (item: Item) => void;
  onClose: () => void;
}) {
  const save = useSaveContent();
  const [baseline] = useState(() => contentDefaults(fields, item));
  const form = useForm<ContentValues, unknown, unknown>({
    resolver: payloadResolver(CONTENT_KINDS[kind].input, (values: ContentValues) => readContent(values, fields)),
    defaultValues: baseline,
  });
  const drafted = useDraft(form, kind, item?.id ?? 0, baseline, draft);
  const submit = useStaffSave(form, {
    save: async (data) => {
      const stored = (await save.mutateAsync({ kind, id: item?.id, item: data })) as Item;
      await drafted.saved(contentDefaults(fields, stored));
      onSaved(stored);
      return stored;
    },
    after: (stored) => contentDefaults(fields, stored),
    saved: () => ({ title: item ? `${noun} updated` : `${noun} added` }),
    offline: `You are offline, so the ${noun.toLowerCase()} was not saved yet. It is saved as soon as the connection is back; your changes stay here meanwhile.`,
    failure: `Could not save the ${noun.toLowerCase()}`,
    tooLarge: `The ${noun.toLowerCase()} was too large for the server to accept, so it was not saved. Shorten its longest texts and try again.`,
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={item ? `Edit ${noun.toLowerCase()}` : `New ${noun.toLowerCase()}`}
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      {fields.map((f) => (
        <ContentField key={f.name} f={f} form={form} />
      ))}
      <FormProblems errors={form.formState.errors} className="sm:col-span-2" />
      <DraftNotice
        draft={draft}
        status={drafted.status}
        dirty={form.formState.isDirty}
        onDiscard={() => void drafted.discard()}
        onLoadNewer={drafted.loadNewer}
        onKeepMine={drafted.keepMine}
        className="sm:col-span-2"
      />
      <div className="flex gap-2 sm:col-span-2">
        <SubmitButton
          pending={form.formState.isSubmitting}
          pendingLabel="Saving..."
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {item ? 'Save changes' : `Add ${noun.toLowerCase()}`}
        </SubmitButton>
        {item && (
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
          >
            Close
          </button>
        )}
      </div>
      <LeaveGuard
        when={form.formState.isDirty}
        what={item ? `this ${noun.toLowerCase()}` : `the new ${noun.toLowerCase()}`}
      />
    </form>
  );
}

/** A sortable, switchable list of one content entity with an add/edit form (service packages, case studies). */
export function ContentEditor({
  kind,
  noun,
  titleKey,
  fields,
}: {
  kind: ContentKind;
  noun: string;
  titleKey: string;
  fields: readonly FieldDef[];
}) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Item | null>(null);
  const [formKey, setFormKey] = useState(0);
  const content = useContent(kind, page);
  const drafts = useDrafts();
  // Coming back (another tab, a reload) reopens the item of this kind's newest draft, when it is on the list's page.
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !drafts.data || !content.data) return;
    reopened.current = true;
    const newest = drafts.data.items.find((d) => d.kind === kind);
    const item = newest && content.data.items.find((i) => i.id === newest.itemId);
    if (item) setEditing(item as Item);
  }, [drafts.data, content.data, kind]);
  const draftOf = (id: number) => drafts.data?.items.find((d) => d.kind === kind && d.itemId === id);
  const deleteContent = useDeleteContent();
  const toasted = useToastedCall();
  // A stored row of an odd shape (decision 0049) still gets a name to open and fix it by.
  const nameOf = (item: Item) => {
    const name = item[titleKey];
    return typeof name === 'string' ? name : `${noun} ${item.id}`;
  };
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const remove = async (item: Item) => {
    const deleted = await toasted(
      () => deleteContent.mutateAsync({ kind, id: item.id }),
      { title: `${noun} deleted` },
      { title: 'Delete failed', fallback: 'Could not delete' },
    );
    if (deleted && editing?.id === item.id) setEditing(null);
  };
  return (
    <div className="space-y-4">
      <QueryView query={content}>
        {(data) => (
          <>
            {data.total === 0 ? (
              <p className="text-slate-600">None yet.</p>
            ) : (
              <ul className="divide-y rounded-xl border border-slate-200">
                {data.items.map((item) => (
                  <ItemRow
                    key={item.id}
                    name={nameOf(item)}
                    detail={`order ${item.sortOrder} · ${item.isActive ? 'active' : 'inactive'}`}
                  >
                    <button type="button" onClick={() => setEditing(item)} className={rowActionClass}>
                      Edit <span className="sr-only">{nameOf(item)}</span>
                    </button>
                    <ConfirmButton label="Delete" name={nameOf(item)} onConfirm={() => remove(item)} />
                  </ItemRow>
                ))}
              </ul>
            )}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
      {drafts.isPending ? (
        <Loading />
      ) : (
        <EditorForm
          key={editing ? `edit-${editing.id}` : `new-${formKey}`}
          fields={fields}
          item={editing}
          draft={draftOf(editing?.id ?? 0)}
          kind={kind}
          noun={noun}
          onSaved={setEditing}
          onClose={done}
        />
      )}
    </div>
  );
}
