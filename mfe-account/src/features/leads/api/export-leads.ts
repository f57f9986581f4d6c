import { endpoints } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { saveFile } from '../../../lib/save-file';
import { leadsFilter, type LeadsQuery } from './get-leads';

/**
 * The CSV export of the leads the list shows (its filters, every page), saved to the browser's downloads: one CSV
 * for a kind, and for the All view a zip of one CSV per kind, each with its own columns (decision 0106). Fetched
 * rather than linked so that a refusal (too many exports at once, a session that ended) is a sentence on the page,
 * not a failed download (decision 0048).
 */
export async function exportLeads(filter: Omit<LeadsQuery, 'page' | 'sort'>) {
  const { type, status, ...rest } = leadsFilter(filter);
  const { blob, name } =
    type === 'all'
      ? await http.download(endpoints.exportAllLeads, { query: rest })
      : await http.download(endpoints.exportLeads, { query: { type, status, ...rest } });
  saveFile(blob, name ?? `${filter.type}-leads.${type === 'all' ? 'zip' : 'csv'}`);
}
