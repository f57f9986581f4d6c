import type { ByteRange } from '../storage/object-store';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * What a Range header asks of a body of `size` bytes (RFC 9110 14.2): one range of bytes (`a-b`, `a-`, `-n`), which
 * players (audio, video) and download managers ask for. Several ranges, a malformed header or an If-Range naming
 * another version (anything but `lastModified`) get the whole body, as the RFC allows; a range that starts past
 * the end is unsatisfiable (416).
 */
export function rangeOf(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  lastModified: string,
): RangeAnswer {
  if (!header) return { kind: 'whole' };
  if (ifRange !== undefined && ifRange !== lastModified) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}
