import { Zip, ZipDeflate } from 'fflate';

/** A file of a streamed zip: its name and its bytes, opened only when the files before it have been written. */
export interface ZipStreamEntry {
  name: string;
  open: () => Promise<ReadableStream<Uint8Array>>;
}

export type ZipOutcome = 'done' | 'cancelled' | 'failed';

/**
 * A zip of files written one after the other as the client takes it (fflate's streaming `Zip`, deflated, UTF-8
 * names): each pull reads the current file's next chunk and hands on what deflating it gave, so the zip keeps the
 * pace of its reader and of the files' own streams (a CSV export's pages, decision 0048) and holds a chunk or two.
 * `settled` is called once: the last file went out, the client went away (the open file's stream is cancelled), or
 * a file failed.
 */
export function zipStream(
  entries: readonly ZipStreamEntry[],
  settled: (outcome: ZipOutcome, error?: unknown) => void,
  at = new Date(),
): ReadableStream<Uint8Array> {
  let ready: Uint8Array[] = [];
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    ready.push(chunk);
    if (final) ended = true;
  });
  let next = 0;
  let file: { entry: ZipDeflate; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;
  let over = false;
  const finish = (outcome: ZipOutcome, error?: unknown) => {
    if (over) return;
    over = true;
    settled(outcome, error);
  };

  const step = async () => {
    if (!file) {
      const entry = entries[next++];
      if (!entry) return zip.end();
      const deflate = new ZipDeflate(entry.name, { level: 6 });
      deflate.mtime = at;
      zip.add(deflate);
      file = { entry: deflate, reader: (await entry.open()).getReader() };
      return;
    }
    const { value, done } = await file.reader.read();
    if (done) {
      file.entry.push(new Uint8Array(0), true);
      file = null;
    } else file.entry.push(value);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (!ready.length && !ended && !over) await step();
          if (over) return; // the client went away meanwhile
          for (const chunk of ready) controller.enqueue(chunk);
          ready = [];
          if (ended) {
            controller.close();
            finish('done');
          }
        } catch (error) {
          if (over) return;
          controller.error(error);
          finish('failed', error);
        }
      },
      async cancel(reason) {
        finish('cancelled');
        await file?.reader.cancel(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
