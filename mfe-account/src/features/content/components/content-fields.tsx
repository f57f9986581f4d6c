import { useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldsOf, TextAreaField, TextField } from '@agency/contracts/ui';
import { CharacterCount } from '../../../components/character-count';
import type { ContentItem as Item } from '../api/get-content';
import { ImageUpload } from './image-upload';

/**
 * `slug`: a text the server makes from the title when empty (so empty is left out, not sent as null);
 * `image`: a path typed, or filled by uploading an image; `alt`: an image's alt text, empty when there is none.
 */
export type FieldKind = 'text' | 'textarea' | 'lines' | 'number' | 'checkbox' | 'slug' | 'image' | 'alt';
export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  initial?: string;
  hint?: string;
  /** Longest text the schema takes, in characters: a counter under the field says it (textareas). */
  max?: number;
}

/** A content form's fields as typed: text in every box, a check box's tick. */
export type ContentValues = Record<string, string | boolean>;
type ContentForm = UseFormReturn<ContentValues, unknown, unknown>;

/** The fields as the payload has them: numbers, lists, nulls for empty optional texts, no slug when left empty. */
export function readContent(values: ContentValues, fields: readonly FieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'checkbox') {
      out[f.name] = v === true;
      continue;
    }
    const text = typeof v === 'string' ? v : '';
    if (f.kind === 'number') out[f.name] = text.trim() === '' ? 0 : Number(text);
    else if (f.kind === 'lines')
      out[f.name] = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else if (f.kind === 'slug') out[f.name] = text.trim() === '' ? undefined : text;
    else if (f.kind === 'alt') out[f.name] = text;
    else out[f.name] = f.required ? text : text.trim() === '' ? null : text;
  }
  return out;
}

/** One stored entry as text; a value of an odd shape (a stored row from elsewhere) as its JSON, never a throw. */
function entry(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Stored value -> form text; an object (older free-form results) becomes "key: value" lines so nothing is lost. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map(entry).join('\n');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${entry(v)}`)
      .join('\n');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** What the form starts from: the stored item's values, or each field's initial one for a new item. */
export function contentDefaults(fields: readonly FieldDef[], item: Item | null): ContentValues {
  return Object.fromEntries(
    fields.map((f) =>
      f.kind === 'checkbox'
        ? [f.name, item ? Boolean(item[f.name]) : f.name === 'isActive']
        : [f.name, item ? shown(item[f.name]) : (f.initial ?? '')],
    ),
  );
}

type FieldProps = { f: FieldDef; form: ContentForm };

/** A content field's frame and registration: its label (marked when required), hint, problem (summed up below). */
const framed = ({ f, form }: FieldProps) => ({
  label: f.label,
  required: f.required,
  hint: f.hint,
  ...fieldsOf(form, { announce: false, look: 'compact' })(f.name),
});

/** A long text with its character count under it, so the limit shows before a save is refused. */
function CountedTextArea({ f, form, max }: FieldProps & { max: number }) {
  const text = useWatch({ control: form.control, name: f.name });
  const hint = (
    <>
      {f.hint}
      <CharacterCount value={typeof text === 'string' ? text : ''} max={max} field={f.label.toLowerCase()} />
    </>
  );
  return <TextAreaField {...framed({ f, form })} hint={hint} rows={3} className="sm:col-span-2" />;
}

/** One field of a content form: its label, control, hint and problem. */
export function ContentField({ f, form }: FieldProps) {
  if (f.kind === 'checkbox')
    return (
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...form.register(f.name)} /> {f.label}
      </label>
    );
  if (f.kind === 'textarea' && f.max !== undefined) return <CountedTextArea f={f} form={form} max={f.max} />;
  if (f.kind === 'textarea' || f.kind === 'lines')
    return (
      <TextAreaField
        {...framed({ f, form })}
        rows={3}
        placeholder={f.kind === 'lines' ? 'One per line' : undefined}
        className="sm:col-span-2"
      />
    );
  const field = (
    <TextField
      {...framed({ f, form })}
      type={f.kind === 'number' ? 'number' : 'text'}
      controlClass={f.kind === 'slug' ? 'font-mono' : undefined}
    />
  );
  if (f.kind !== 'image') return field;
  // A path the upload fills; it stays text, so a path already on the site can be typed in too.
  return (
    <div>
      {field}
      <div className="mt-2">
        <ImageUpload onUploaded={(url) => form.setValue(f.name, url, { shouldDirty: true })} />
      </div>
    </div>
  );
}
