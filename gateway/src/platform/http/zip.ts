import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A zip archive of small files built in memory (a privacy export: one text file and a few CSVs about one address,
 * kilobytes): deflated, UTF-8 names, each dated `at`. Names are unique within one archive.
 */
export function zipFiles(files: { name: string; content: string | Buffer }[], at = new Date()): Buffer {
  const entries: Zippable = {};
  for (const { name, content } of files)
    entries[name] = [typeof content === 'string' ? strToU8(content) : new Uint8Array(content), { mtime: at }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
