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

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

/**
 * The type of a file from its first bytes (at least 12 needed), checked against its extension where the
 * container is generic (ZIP for Office files, plain text for CSV). Null when it is not an allowed kind.
 */
export function sniffType(head: Uint8Array, fileName: string): AllowedType | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (ext === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    return null;
  }
  if (ext === 'csv' && head.length > 0 && isPlainText(head)) return 'text/csv';
  return null;
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
