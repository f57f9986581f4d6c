import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import { ItemRow, rowActionClass } from '../../../components/item-row';
import { Pager, QueryView } from '../../../components/query-view';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useDeleteContent } from '../api/delete-content';
import { CONTENT_KINDS, useContent, type ContentItem as Item, type ContentKind } from '../api/get-content';
import { useSaveContent } from '../api/save-content';

export type FieldKind = 'text' | 'textarea' | 'lines' | 'number' | 'checkbox';
export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  initial?: string;
}

const inputClass = 'mt-1 w-full rounded border px-2 py-1';

function readForm(form: FormData, fields: readonly FieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = String(form.get(f.name) ?? '');
    if (f.kind === 'checkbox') out[f.name] = form.get(f.name) === 'on';
    else if (f.kind === 'number') out[f.name] = v.trim() === '' ? 0 : Number(v);
    else if (f.kind === 'lines')
      out[f.name] = v
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else out[f.name] = f.required ? v : v.trim() === '' ? null : v;
  }
  return out;
}

/** Stored value -> form text; an object (older free-form results) becomes "key: value" lines so nothing is lost. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join('\n');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('\n');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function EditorForm({
  fields,
  item,
  kind,
  noun,
  onDone,
}: {
  fields: readonly FieldDef[];
  item: Item | null;
  kind: ContentKind;
  noun: string;
  onDone: () => void;
}) {
  const save = useSaveContent();
  const { error, onSubmit } = useCheckedForm({
    schema: CONTENT_KINDS[kind].input,
    read: (form) => readForm(form, fields),
    save: async (data) => {
      await save.mutateAsync({ kind, id: item?.id, item: data });
      onDone();
    },
    saved: () => ({ title: item ? `${noun} updated` : `${noun} added` }),
    failure: `Could not save the ${noun.toLowerCase()}`,
  });
  return (
    <form
      onSubmit={onSubmit}
      aria-label={item ? `Edit ${noun.toLowerCase()}` : `New ${noun.toLowerCase()}`}
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      {fields.map((f) =>
        f.kind === 'checkbox' ? (
          <label key={f.name} className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name={f.name}
              defaultChecked={item ? Boolean(item[f.name]) : f.name === 'isActive'}
            />{' '}
            {f.label}
          </label>
        ) : (
          <label
            key={f.name}
            className={`text-sm font-medium ${f.kind === 'textarea' || f.kind === 'lines' ? 'sm:col-span-2' : ''}`}
          >
            {f.label}
            {f.required && ' *'}
            {f.kind === 'textarea' || f.kind === 'lines' ? (
              <textarea
                name={f.name}
                rows={3}
                defaultValue={shown(item?.[f.name])}
                className={inputClass}
                placeholder={f.kind === 'lines' ? 'One per line' : undefined}
              />
            ) : (
              <input
                name={f.name}
                type={f.kind === 'number' ? 'number' : 'text'}
                defaultValue={item ? shown(item[f.name]) : (f.initial ?? '')}
                className={inputClass}
              />
            )}
          </label>
        ),
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
          {item ? 'Save changes' : `Add ${noun.toLowerCase()}`}
        </button>
        {item && (
          <button type="button" onClick={onDone} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </button>
        )}
      </div>
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
  const deleteContent = useDeleteContent();
  const toasted = useToastedCall();
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
                    name={String(item[titleKey])}
                    detail={`order ${item.sortOrder} · ${item.isActive ? 'active' : 'inactive'}`}
                  >
                    <button type="button" onClick={() => setEditing(item)} className={rowActionClass}>
                      Edit <span className="sr-only">{String(item[titleKey])}</span>
                    </button>
                    <ConfirmButton label="Delete" name={String(item[titleKey])} onConfirm={() => remove(item)} />
                  </ItemRow>
                ))}
              </ul>
            )}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
      <EditorForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        fields={fields}
        item={editing}
        kind={kind}
        noun={noun}
        onDone={done}
      />
    </div>
  );
}
