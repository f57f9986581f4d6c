import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/files/compression';
import { serveFile } from '../src/frontends/static-files';

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
