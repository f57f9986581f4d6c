import type { Row } from '@libsql/client';
import { inArray, sql } from 'drizzle-orm';
import {
  BUSINESS,
  formatNzDateTime,
  formatNzSortable,
  LEAD_KIND_LABELS,
  STAFF_ROLES,
  type LeadType,
} from '@agency/contracts';
import { users, type Db } from '../../platform/db';
import { cellText, csvBytes, type CsvColumn } from '../../platform/http/csv';
import { zipFiles } from '../../platform/http/zip';
import { leadCsvColumns } from '../leads';
import { rowidIn, type Held } from './held';
import type { Field, Place } from './registry';

/** Excel reads a CSV without a byte order mark in a legacy code page (macrons come out as "Ä"). */
const BOM = '\uFEFF';
export const COVER_NOTE = 'about-this-copy.txt';

/** A stored JSON value, or null when there is none or it does not parse. */
function parsed(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** `camelCase` as words: "Camel case". */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** A JSON value as a person reads it: lists joined, objects as "Key: value" pairs. */
function readable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(readable).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${words(k)}: ${readable(v)}`)
      .join('; ');
  return String(value);
}

/** A cell's text by its field's kind (times in New Zealand time, decision 0068). */
function cell([column, , kind, path]: Field, row: Record<string, unknown>): string {
  let raw = row[column];
  if (path) raw = (parsed(raw) as Record<string, unknown> | null)?.[path.replace(/^\$\./, '')];
  if (raw === null || raw === undefined) return '';
  switch (kind) {
    case 'time':
      return formatNzSortable(Number(raw));
    case 'lead-kind':
      return LEAD_KIND_LABELS[raw as LeadType] ?? String(raw);
    case 'json':
      return cellText(readable(parsed(raw)));
    case 'notice': {
      const text = (parsed(raw) as { text?: unknown } | null)?.text;
      return cellText(
        typeof text === 'string' ? text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : '',
      );
    }
    case 'number':
    case 'text':
      return cellText(String(raw));
  }
}

const fieldColumns = (fields: readonly Field[]): CsvColumn<Row>[] =>
  fields.map((field, i) => ({
    name: `${i === 0 ? BOM : ''}${field[1]}`,
    text: (row: Row) => cell(field, row as unknown as Record<string, unknown>),
  }));

async function staffNames(db: Db) {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export interface CopyOf {
  /** The request it answers, for the cover note. */
  requestId: number;
  origin: string;
  supportEmail: string;
  at?: Date;
}

/**
 * A person's copy of what is held about their address (decision 0081), as a zip a person reads: one CSV per kind of
 * record found (the registry's file, its columns labelled, times in New Zealand time, lists and details in words),
 * and a cover note saying what each file is, where else we looked, and how to ask for a correction.
 */
export async function readableCopy(db: Db, held: Held, about: CopyOf): Promise<{ zip: Buffer; files: string[] }> {
  const at = about.at ?? new Date();
  const staff = await staffNames(db);
  const written: { file: string; title: string; count: number }[] = [];
  const empty: string[] = [];
  const outside: string[] = [];
  const out: { name: string; content: Buffer | string }[] = [];
  for (const [place, rowids] of held.rows) {
    const copy = place.copy;
    if ('leftOut' in copy) {
      if (rowids.length) outside.push(`${place.holds}: ${copy.leftOut}.`);
      continue;
    }
    if (!rowids.length) {
      empty.push(copy.title);
      continue;
    }
    const rows = (await db.all(
      sql`select * from ${sql.identifier(place.table)} where ${rowidIn(rowids)} order by rowid`,
    )) as Row[];
    const columns = copy.fields === 'lead' ? leadCsvColumns(leadType(place), staff) : fieldColumns(copy.fields);
    out.push({ name: copy.file, content: csvBytes(rows, columns, true) });
    written.push({ file: copy.file, title: copy.title, count: rows.length });
  }
  const note = coverNote(held, about, at, written, empty, outside);
  return {
    zip: zipFiles([{ name: COVER_NOTE, content: note }, ...out], at),
    files: [COVER_NOTE, ...out.map((f) => f.name)],
  };
}

const leadType = (place: Place): LeadType => {
  if (place.match.by !== 'lead') throw new Error(`${place.table} is not a lead table`);
  return place.match.type;
};

function coverNote(
  held: Held,
  about: CopyOf,
  at: Date,
  written: { file: string; title: string; count: number }[],
  empty: string[],
  outside: string[],
): string {
  return [
    `Your personal information held by ${BUSINESS.name}`,
    '',
    `Privacy request #${about.requestId} for ${held.email}`,
    `Prepared ${formatNzDateTime(at)} (New Zealand time).`,
    '',
    'This is a copy of the personal information we hold about this e-mail address, as the Privacy Act 2020',
    '(information privacy principle 6) entitles you to. Each file is a table that opens in a spreadsheet program',
    '(Excel, Numbers, Google Sheets). Times are New Zealand times.',
    '',
    ...(written.length
      ? ['What is in it:', ...written.map((w) => `- ${w.file}: ${w.title} (${w.count})`)]
      : ['We hold nothing about this address in any of the places below.']),
    '',
    `We also looked for: ${empty.join('; ')}. We hold none of these about you.`,
    ...(outside.length ? ['', 'Also held, and not in the files:', ...outside.map((o) => `- ${o}`)] : []),
    '',
    'If anything here is wrong, you can ask us to correct it (principle 7) at',
    `${about.origin}/privacy-request, or reply to the e-mail this copy came with.`,
    `Questions? Write to ${about.supportEmail}.`,
    '',
    BUSINESS.name,
  ].join('\r\n');
}
