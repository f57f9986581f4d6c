/**
 * A download's `Content-Disposition` (RFC 6266): an ASCII fallback name for old clients and the name as written
 * (`filename*`, UTF-8) for the rest, so a client name with macrons survives the download.
 */
export const contentDisposition = (name: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  `${disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(
    name,
  ).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
