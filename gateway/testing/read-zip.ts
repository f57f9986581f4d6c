import { strFromU8, unzipSync } from 'fflate';

/** The files of a zip archive by name, as text (tests read what a person's copy or an export holds). */
export function readZip(zip: Uint8Array): Map<string, string> {
  return new Map(Object.entries(unzipSync(new Uint8Array(zip))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}
