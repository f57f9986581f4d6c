import { useState } from 'react';
import { CharacterCount } from '../../../components/character-count';
import { compactInputClass, useFieldNotes } from '../../../components/field';
import type { ContentItem as Item } from '../api/get-content';
import { ImageUpload } from './image-upload';

/**
 * `slug`: a text the server makes from the title when empty (so empty is left out, not sent as null);
 * `image`: a path typed, or filled by uploading an image.
 */
export type FieldKind = 'text' | 'textarea' | 'lines' | 'number' | 'checkbox' | 'slug' | 'image';
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

export function readForm(form: FormData, fields: readonly FieldDef[]): Record<string, unknown> {
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
    else if (f.kind === 'slug') out[f.name] = v.trim() === '' ? undefined : v;
    else out[f.name] = f.required ? v : v.trim() === '' ? null : v;
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

type FieldProps = { f: FieldDef; item: Item | null; error: string | undefined };

/** A long text with its character count under it, so the limit shows before a save is refused. */
function CountedTextArea({ label, f, item, error, max }: FieldProps & { label: string; max: number }) {
  const [text, setText] = useState(item ? shown(item[f.name]) : (f.initial ?? ''));
  const hint = (
    <>
      {f.hint}
      <CharacterCount value={text} max={max} field={f.label.toLowerCase()} />
    </>
  );
  const { describe, notes } = useFieldNotes({ hint, error });
  return (
    <div className="text-sm font-medium sm:col-span-2">
      <label className="block">
        {label}
        <textarea
          name={f.name}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={compactInputClass}
          {...describe}
        />
      </label>
      {notes}
    </div>
  );
}

/** A path the upload fills; it stays text, so a path already on the site can be typed in too. */
function ImagePathField({ label, f, item, error }: FieldProps & { label: string }) {
  const [path, setPath] = useState(item ? shown(item[f.name]) : (f.initial ?? ''));
  const { describe, notes } = useFieldNotes({ hint: f.hint, error });
  return (
    <div className="text-sm font-medium">
      <label className="block">
        {label}
        <input
          name={f.name}
          value={path}
          onChange={(e) => setPath(e.target.value)}
          className={compactInputClass}
          {...describe}
        />
      </label>
      {notes}
      <div className="mt-2">
        <ImageUpload onUploaded={setPath} />
      </div>
    </div>
  );
}

/** One field of a content form: its label (marked * when required), control, hint and problem. */
export function ContentField({ f, item, error }: FieldProps) {
  const { describe, notes } = useFieldNotes({ hint: f.hint, error });
  const label = `${f.label}${f.required ? ' *' : ''}`;
  if (f.kind === 'image') return <ImagePathField label={label} f={f} item={item} error={error} />;
  if (f.kind === 'textarea' && f.max !== undefined)
    return <CountedTextArea label={label} f={f} item={item} error={error} max={f.max} />;
  if (f.kind === 'checkbox')
    return (
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name={f.name} defaultChecked={item ? Boolean(item[f.name]) : f.name === 'isActive'} />{' '}
        {f.label}
      </label>
    );
  const wide = f.kind === 'textarea' || f.kind === 'lines';
  const initial = item ? shown(item[f.name]) : (f.initial ?? '');
  return (
    <div className={`text-sm font-medium ${wide ? 'sm:col-span-2' : ''}`}>
      <label className="block">
        {label}
        {wide ? (
          <textarea
            name={f.name}
            rows={3}
            defaultValue={initial}
            className={compactInputClass}
            placeholder={f.kind === 'lines' ? 'One per line' : undefined}
            {...describe}
          />
        ) : (
          <input
            name={f.name}
            type={f.kind === 'number' ? 'number' : 'text'}
            defaultValue={initial}
            className={`${compactInputClass} ${f.kind === 'slug' ? 'font-mono' : ''}`}
            {...describe}
          />
        )}
      </label>
      {notes}
    </div>
  );
}
