import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import { HTTPException } from 'hono/http-exception';
import {
  endpoints,
  identityKey,
  REAL_TALK_AUDIO_MAX_BYTES,
  REAL_TALK_AUDIO_PATH,
  REAL_TALK_AUDIO_TYPES,
} from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import { optInLeads, realTalkAudio, type Db } from '../../platform/db';
import { OPT_IN_WHY, optInAudioReady } from '../../platform/mail/templates';
import { unsubscribes } from './unsubscribe';
import type { Env } from '../../platform/env';
import type { ApiDeps } from '../../platform/http/deps';
import { receive } from '../portal';
import { endpointRoutes } from '../../platform/http/routes';

const EXTENSION: Record<(typeof REAL_TALK_AUDIO_TYPES)[number], string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};
/** file-type's names for the same audio, as the list above spells them. */
const ALIASES: Record<string, (typeof REAL_TALK_AUDIO_TYPES)[number]> = {
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
};
const MIB = Math.round(REAL_TALK_AUDIO_MAX_BYTES / 1024 / 1024);

/** The audio's key in the content-images store: beside the images, under a folder of its own. */
export const audioKey = (file: string) => `audio/${file}`;

/**
 * Where the Real Talk audio is (decision 0064): the operator's REAL_TALK_AUDIO_URL when set (a file elsewhere),
 * else the newest upload's absolute address, else null: there is none yet.
 */
export function realTalkAudioUrl(db: Db, env: Pick<Env, 'realTalkAudioUrl' | 'publicConfig'>) {
  return async (): Promise<string | null> => {
    if (env.realTalkAudioUrl) return env.realTalkAudioUrl;
    const [row] = await db
      .select({ file: realTalkAudio.file })
      .from(realTalkAudio)
      .orderBy(desc(realTalkAudio.id))
      .limit(1);
    return row ? `${REAL_TALK_AUDIO_PATH}${row.file}` : null;
  };
}

/** An address for an e-mail: a site path made absolute. */
export const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** Whether `file` names an uploaded audio (what /real-talk-audio/ serves: nothing else in the store). */
export async function isRealTalkAudio(db: Db, file: string): Promise<boolean> {
  if (!/^[\w-]+\.(mp3|m4a|ogg|wav)$/.test(file)) return false;
  const [row] = await db.select({ id: realTalkAudio.id }).from(realTalkAudio).where(eq(realTalkAudio.file, file));
  return row !== undefined;
}

/**
 * The audio's address for the thank-you page, and staff's upload of it. An upload is streamed to a local file (its
 * size capped), its type read from its bytes, stored in the content-images store, and then everyone who signed up
 * while there was none gets the link, once.
 */
export function realTalkAudioApi({ db, env, stores, mailer }: ApiDeps) {
  const current = realTalkAudioUrl(db, env);
  return endpointRoutes()
    .on(endpoints.realTalkAudio, async (c) => c.json({ url: await current() }))

    .on(endpoints.realTalkAudioStatus, async (c) =>
      c.json({ url: await current(), waiting: await countWaiting(db, env.publicConfig.publicOrigin) }),
    )

    .on(endpoints.uploadRealTalkAudio, async (c) => {
      const actor = requireStaffActor(c);
      const tooLarge = `The audio file must be at most ${MIB} MiB.`;
      if (Number(c.req.header('content-length') ?? 0) > REAL_TALK_AUDIO_MAX_BYTES)
        return c.json({ message: tooLarge }, 413);
      if (!c.req.raw.body) return c.json({ message: 'Choose an audio file to upload.' }, 400);
      const incoming = path.join(env.dataDir, 'tmp');
      await mkdir(incoming, { recursive: true });
      const partial = path.join(incoming, `${randomUUID()}.part`);
      try {
        // Past the size, receive throws its 413 (the client files' words): this upload answers with its own.
        const received = await receive(c.req.raw.body, partial, REAL_TALK_AUDIO_MAX_BYTES).catch((error: unknown) => {
          if (error instanceof HTTPException && error.status === 413) return null;
          throw error;
        });
        if (!received) return c.json({ message: tooLarge }, 413);
        const { size, sha256 } = received;
        const found = size ? await fileTypeFromFile(partial) : undefined;
        const mime = found ? (ALIASES[found.mime] ?? found.mime) : undefined;
        const type = REAL_TALK_AUDIO_TYPES.find((t) => t === mime);
        if (!type)
          return c.json({ message: 'The audio must be an MP3, M4A, OGG or WAV file (checked by its content).' }, 415);
        const file = `${randomUUID()}.${EXTENSION[type]}`;
        if (!(await stores.contentImages.put(audioKey(file), { file: partial }, { contentType: type, sha256 })))
          throw new Error(`audio ${file} is already stored`);
        await db.insert(realTalkAudio).values({ file, type, size, uploadedBy: actor.id });
        const url = await current();
        const emailed = url ? await sendWaiting(db, mailer, absolute(env.publicConfig.publicOrigin, url), env) : 0;
        return c.json({ url: `${REAL_TALK_AUDIO_PATH}${file}`, size, emailed }, 201);
      } finally {
        await rm(partial, { force: true });
      }
    }).app;
}

/**
 * The sign-ups still waiting for the audio that an upload would e-mail, 500 at a time in id order: those whose address
 * did not unsubscribe (decision 0082; one who did is left waiting and not mailed). The upload and the dashboard's
 * count before one read the same batches, so the number the dialog gives is the number mailed.
 */
async function* stillWaiting(db: Db, leaving: ReturnType<typeof unsubscribes>) {
  for (let after = 0; ;) {
    const waiting = await db
      .select({ id: optInLeads.id, firstName: optInLeads.firstName, email: optInLeads.email })
      .from(optInLeads)
      .where(and(isNull(optInLeads.audioSentAt), gt(optInLeads.id, after)))
      .orderBy(asc(optInLeads.id))
      .limit(500);
    if (waiting.length === 0) return;
    after = waiting.at(-1)!.id;
    const left = await leaving.leftAmong(waiting.map((w) => w.email));
    const mailed = waiting.filter((w) => !left.has(identityKey(w.email)));
    if (mailed.length) yield mailed;
  }
}

/** How many an upload now would e-mail. */
async function countWaiting(db: Db, origin: string) {
  let n = 0;
  for await (const batch of stillWaiting(db, unsubscribes(db, origin))) n += batch.length;
  return n;
}

/** The sign-ups still waiting for the audio, e-mailed its link now, each once (marketing mail, decision 0082). */
async function sendWaiting(
  db: Db,
  mailer: ApiDeps['mailer'],
  audioUrl: string,
  env: Pick<Env, 'listenPageUrl' | 'publicConfig'>,
): Promise<number> {
  const leaving = unsubscribes(db, env.publicConfig.publicOrigin);
  let sent = 0;
  for await (const mailed of stillWaiting(db, leaving)) {
    const mails = await Promise.all(
      mailed.map((w) =>
        leaving.marketing(optInAudioReady(w, audioUrl, env.listenPageUrl, env.publicConfig.supportEmail), OPT_IN_WHY),
      ),
    );
    const [first, ...rest] = mails.filter((m) => m !== null);
    const marked = db
      .update(optInLeads)
      .set({ audioSentAt: new Date() })
      .where(
        inArray(
          optInLeads.id,
          mailed.map((w) => w.id),
        ),
      );
    // Marked sent and queued in one transaction: a sign-up is e-mailed once, and never marked without its e-mail.
    if (first) {
      const [, queued] = await db.batch([marked, mailer.insert([first, ...rest])]);
      mailer.dispatch(queued);
    } else await marked;
    sent += mailed.length;
  }
  return sent;
}
