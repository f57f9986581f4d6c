import { endpoints } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { saveFile } from '../../../lib/save-file';
import { leadsFilter, type LeadsQuery } from './get-leads';

/**
 * The CSV export of the leads the list shows (its filters, every page), saved to the browser's downloads. Fetched
 * rather than linked so that a refusal (too many exports at once, a session that ended) is a sentence on the page,
 * not a failed download (decision 0048).
 */
export async function exportLeads(filter: Omit<LeadsQuery, 'page' | 'sort'>) {
  const { blob, name } = await http.download(endpoints.exportLeads, { query: leadsFilter(filter) });
  saveFile(blob, name ?? `${filter.type}-leads.csv`);
}
