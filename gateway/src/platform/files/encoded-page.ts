import { createHash } from 'node:crypto';
import { compress, type Encoding } from './compression';

// A page's bytes as the gateway sends them, made once: the page cache (frontends/) and the cached public content
// answers (content/) both keep pages of this shape.

type Bytes = Uint8Array<ArrayBuffer>;

/** A page's final bytes, made once: the HTML and its gzip and brotli bodies. */
export interface Page {
  status: 200 | 404;
  /** The strong validator of the HTML; each encoding's ETag is derived from it. */
  etag: string;
  bodies: Record<Encoding | 'identity', Bytes>;
  bytes: number;
}

export async function encodePage(html: string, status: 200 | 404): Promise<Page> {
  const raw = Buffer.from(html);
  const [gz, brotli] = await Promise.all([compress(raw, 'gzip'), compress(raw, 'br', 5)]);
  // Copies that own their memory (a small Buffer is a view of a shared pool).
  const [identity, gzip, br] = [raw, gz, brotli].map((b) => new Uint8Array(b)) as [Bytes, Bytes, Bytes];
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { status, etag, bodies: { identity, gzip, br }, bytes: identity.length + gzip.length + br.length };
}

/** Each representation has its own strong ETag (RFC 9110 8.8.3): the same bytes of HTML, encoded differently. */
export const etagOf = (page: Page, encoding: Encoding | null) => `"${page.etag}${encoding ? `-${encoding}` : ''}"`;

/** Whether an If-None-Match header names this page in any of its encodings (weak comparison, as the RFC says). */
export function notModified(page: Page, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = new Set(ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')));
  return [null, 'gzip', 'br'].some((e) => tags.has(etagOf(page, e as Encoding | null)));
}
