import type { Row } from '@libsql/client';
import { getTableColumns } from 'drizzle-orm';
import {
  formatNzSortable,
  LEAD_FIELDS,
  leadChoiceLabel,
  QUOTE_PRICING_FIELDS,
  serviceLabel,
  type LeadFieldKind,
  type LeadType,
} from '@agency/contracts';
import { cellText, type CsvColumn } from '../../platform/http/csv';
import { LEAD_TABLES } from './lead-tables';

/** Staff members' names by id, for the "Assigned to" column. */
export type StaffNames = ReadonlyMap<number, string>;

/**
 * A byte order mark before the header: Excel reads a CSV without one in the computer's legacy code page, and the
 * macrons of Māori names come out as "Ä". Spreadsheets and CSV libraries that know UTF-8 skip it.
 */
const BOM = '\uFEFF';

/** Money as a spreadsheet takes a number: the NZD amount with its cents, no currency sign or separators. */
const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '');

/** A stored JSON value (libSQL gives the column's text), or null when there is none or it does not parse. */
function parsed(raw: unknown): unknown {
  if (typeof raw !== 'string') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** A raw cell as text by its field's kind (not 'pricing', which is several columns). */
function textOf(kind: Exclude<LeadFieldKind, 'pricing'>, staff: StaffNames): (raw: unknown) => string {
  switch (kind) {
    case 'money':
      return money;
    case 'time':
      // Timestamps are integer milliseconds (timestamp_ms).
      return (raw) => (typeof raw === 'number' || typeof raw === 'bigint' ? formatNzSortable(Number(raw)) : '');
    case 'yesno':
      return (raw) => (raw === null || raw === undefined ? '' : Number(raw) ? 'Yes' : 'No');
    case 'services':
      return (raw) => {
        const list = parsed(raw);
        return cellText(Array.isArray(list) ? list.map(serviceLabel).filter(Boolean).join('; ') : '');
      };
    case 'staff':
      return (raw) => (raw === null || raw === undefined ? '' : cellText(staff.get(Number(raw)) ?? `Staff #${raw}`));
    case 'text':
      return (raw) => (raw === null || raw === undefined ? '' : cellText(String(raw)));
    case 'choice':
      return (raw) => (raw === null || raw === undefined ? '' : cellText(leadChoiceLabel(String(raw))));
  }
}

/**
 * The export's columns of one kind of lead, over rows as libSQL gives them (`values()`, decision 0048), each cell
 * read by its column's name: the lead's number, then every field of LEAD_FIELDS the kind's table has, headed by the
 * label the lead screen shows (money columns say NZD), each cell as a person reads it: times in New Zealand time
 * (decision 0068), services as one list, yes or no, the assignee's name, and a quote's price breakdown as a column
 * per figure. Built once per export; a cell then costs its own formatting only. No lead table has a column named as
 * an array's property (`length`), which libSQL would give by position only.
 */
export function leadCsvColumns(type: LeadType, staff: StaffNames): CsvColumn<Row>[] {
  const stored = new Set(Object.values(getTableColumns(LEAD_TABLES[type].table)).map((c) => c.name));
  const columns: CsvColumn<Row>[] = [{ name: `${BOM}Lead number`, text: (row) => String(row.id) }];
  for (const [key, label, kind] of LEAD_FIELDS) {
    if (!stored.has(key)) continue;
    if (kind === 'pricing') {
      columns.push(...pricingColumns((row) => row[key]));
      continue;
    }
    const text = textOf(kind, staff);
    columns.push({ name: kind === 'money' ? `${label} (NZD)` : label, text: (row) => text(row[key]) });
  }
  return columns;
}

/**
 * A quote's breakdown, one column per figure. Each row's JSON is parsed once for all of them: the columns of a row
 * are written one after the other, so the last row's breakdown is kept.
 */
function pricingColumns(read: (row: Row) => unknown): CsvColumn<Row>[] {
  let lastRow: Row | undefined;
  let lastPricing: Record<string, unknown> | null = null;
  const pricingOf = (row: Row) => {
    if (row !== lastRow) {
      lastRow = row;
      const value = parsed(read(row));
      lastPricing = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    }
    return lastPricing;
  };
  return QUOTE_PRICING_FIELDS.map(([key, label, kind]) =>
    kind === 'money'
      ? { name: `${label} (NZD)`, text: (row: Row) => money(pricingOf(row)?.[key]) }
      : {
          name: label,
          text: (row: Row) => {
            const value = pricingOf(row)?.[key];
            return typeof value === 'number' ? String(value) : '';
          },
        },
  );
}
