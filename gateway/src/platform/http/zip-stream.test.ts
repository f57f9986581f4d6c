import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { zipStream, type ZipOutcome } from './zip-stream';

const encoder = new TextEncoder();

/** A stream of these chunks, counting how many were pulled and whether it was cancelled. */
function chunks(parts: string[], failAt?: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === failAt) return controller.error(new Error('page read failed'));
        const part = parts[seen.pulled++];
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('zipStream', () => {
  it('writes each file in turn, whole, under its UTF-8 name, and opens a file only when it is its turn', async () => {
    const first = chunks(['Lead number,Business\r\n', '1,Ngāruawāhia Plumbing\r\n']);
    const second = chunks(['Lead number,First name\r\n']);
    const opened: string[] = [];
    const settled = vi.fn<(outcome: ZipOutcome) => void>();
    const zip = zipStream(
      [
        { name: 'enquiry-leads.csv', open: async () => (opened.push('enquiry'), first.stream) },
        { name: 'optin-leads-ā.csv', open: async () => (opened.push('optin'), second.stream) },
      ],
      settled,
    );
    expect(opened).toEqual([]);
    const files = unzipSync(await bytesOf(zip));
    expect(Object.keys(files)).toEqual(['enquiry-leads.csv', 'optin-leads-ā.csv']);
    expect(strFromU8(files['enquiry-leads.csv']!)).toBe('Lead number,Business\r\n1,Ngāruawāhia Plumbing\r\n');
    expect(strFromU8(files['optin-leads-ā.csv']!)).toBe('Lead number,First name\r\n');
    expect(opened).toEqual(['enquiry', 'optin']);
    expect(settled).toHaveBeenCalledOnce();
    expect(settled.mock.calls[0]![0]).toBe('done');
  });

  it('keeps the pace of its reader: a client that goes away cancels the open file and opens no other', async () => {
    // Incompressible text, so deflating it gives bytes before the file ends.
    const noise = () => Array.from({ length: 40_000 }, () => Math.random().toString(36).slice(2)).join(',');
    const big = chunks(Array.from({ length: 50 }, noise));
    const later = vi.fn(async () => chunks(['never']).stream);
    const settled = vi.fn<(outcome: ZipOutcome) => void>();
    const reader = zipStream(
      [
        { name: 'a.csv', open: async () => big.stream },
        { name: 'b.csv', open: later },
      ],
      settled,
    ).getReader();
    await reader.read();
    await reader.read();
    expect(big.seen.pulled).toBeLessThan(10);
    await reader.cancel();
    expect(big.seen.cancelled).toBe(true);
    expect(later).not.toHaveBeenCalled();
    expect(settled).toHaveBeenCalledOnce();
    expect(settled.mock.calls[0]![0]).toBe('cancelled');
  });

  it('fails the zip, once, when a file fails', async () => {
    const settled = vi.fn<(outcome: ZipOutcome, error?: unknown) => void>();
    const zip = zipStream([{ name: 'a.csv', open: async () => chunks(['a', 'b', 'c'], 1).stream }], settled);
    await expect(bytesOf(zip)).rejects.toThrow('page read failed');
    expect(settled).toHaveBeenCalledOnce();
    expect(settled.mock.calls[0]![0]).toBe('failed');
  });
});
