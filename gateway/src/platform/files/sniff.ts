import { fileTypeFromFile } from 'file-type';
import { withoutBidiControls } from '@agency/contracts';

/** File kinds a client may be sent, recognised by their first bytes (never by the name or the browser's claim). */
export const ALLOWED_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
} as const;
export type AllowedType = keyof typeof ALLOWED_TYPES;

/** The extensions each kind is known by; the first is the one given to a name that has none of them. */
const EXTENSIONS: Record<AllowedType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

/**
 * The name a file is stored and offered under: without bidirectional controls (a right-to-left override makes
 * `invoice\u202efdp.html` read as `invoicelmth.pdf`), and with the extension of the kind its content was found to be,
 * so a PDF/HTML polyglot uploaded as `poly.html` is `poly.pdf`, and nothing opens it as a page.
 */
export function nameForType(name: string, type: string): string {
  const clean = withoutBidiControls(name).trim();
  const extensions = (EXTENSIONS as Partial<Record<string, readonly string[]>>)[type];
  if (!Object.hasOwn(EXTENSIONS, type) || !extensions) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(ext)) return clean;
  const base = (dot >= 0 ? clean.slice(0, dot) : clean).trim();
  return `${base || 'file'}.${extensions[0]}`;
}

/**
 * The type of a stored file from its content, by `file-type` (which looks inside ZIP containers, so a Word or
 * Excel file is told from any other ZIP), or, for CSV, which has no signature, plain UTF-8 text named `.csv`.
 * `head` is the file's first bytes. Null when it is not an allowed kind, whatever its name says.
 */
export async function detectType(filePath: string, head: Uint8Array, fileName: string): Promise<AllowedType | null> {
  const found = await fileTypeFromFile(filePath);
  if (found) return Object.hasOwn(ALLOWED_TYPES, found.mime) ? (found.mime as AllowedType) : null;
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return ext === 'csv' && head.length > 0 && isPlainText(head) ? 'text/csv' : null;
}

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - 4));
    return true;
  } catch {
    return false;
  }
}
