import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from './compression';
import { serveFile } from '../../areas/pages/static-files';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('serveFile compression', () => {
  let root: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agency-compress-'));
    await writeFile(path.join(root, 'app.0123456789.js'), script);
    await writeFile(path.join(root, 'tiny.js'), 'export {};\n');
    await writeFile(path.join(root, 'photo.webp'), Buffer.alloc(4096, 7));
  });

  it('answers brotli to a browser that accepts it, and the bytes decode to the file', async () => {
    const res = (await serveFile(root, 'app.0123456789.js', 'gzip, deflate, br'))!;
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers gzip when only gzip is accepted, and plain bytes when nothing is', async () => {
    const gz = (await serveFile(root, 'app.0123456789.js', 'gzip'))!;
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = (await serveFile(root, 'app.0123456789.js'))!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leaves tiny files and already-compressed formats alone', async () => {
    expect((await serveFile(root, 'tiny.js', 'br'))!.headers.get('content-encoding')).toBeNull();
    const image = (await serveFile(root, 'photo.webp', 'br'))!;
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
  });
});

describe('serveFile ranges (players and downloads ask for them)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agency-range-'));
    await writeFile(path.join(root, 'talk.mp3'), Buffer.from('ID3-0123456789'));
  });

  it('answers one range with 206 and Content-Range, past the end with 416, and the whole file otherwise', async () => {
    const part = (await serveFile(root, 'talk.mp3', { range: 'bytes=4-7' }))!;
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-7/14');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('0123');
    const tail = (await serveFile(root, 'talk.mp3', { range: 'bytes=-3' }))!;
    expect(await tail.text()).toBe('789');
    const open = (await serveFile(root, 'talk.mp3', { range: 'bytes=10-' }))!;
    expect(await open.text()).toBe('6789');
    const past = (await serveFile(root, 'talk.mp3', { range: 'bytes=99-' }))!;
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */14');
    const whole = (await serveFile(root, 'talk.mp3', {}))!;
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    // Several ranges, or an If-Range naming another version: the whole file, as the RFC allows.
    expect((await serveFile(root, 'talk.mp3', { range: 'bytes=0-1,4-5' }))!.status).toBe(200);
    expect(
      (await serveFile(root, 'talk.mp3', { range: 'bytes=0-1', ifRange: 'Wed, 01 Jan 2020 00:00:00 GMT' }))!.status,
    ).toBe(200);
  });
});
