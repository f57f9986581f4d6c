/**
 * Decision 0064: with no audio, a sign-up is told it is on its way (no broken link); staff upload the audio
 * (stored like content images), everyone waiting gets its link once, later sign-ups get it at once, and the file
 * is served with ranges. Through a real SMTP server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { headersOf, startSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://beloud.example' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

/** A second of silence as a WAV file: a real audio file whose type the server reads from its bytes. */
function wav(seconds = 1, rate = 8000): Buffer {
  const data = Buffer.alloc(seconds * rate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const optIn = (firstName: string, email: string, ip: string) =>
  browser(t.app, undefined, ip).post('/api/opt-in', { firstName, email });
const mailTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address)).map((m) => m.raw.replace(/=\r?\n/g, ''));

describe('the Real Talk audio', () => {
  it('is "on its way" until staff upload it; the upload sends it to everyone waiting, once', async () => {
    expect((await browser(t.app).get('/api/real-talk-audio')).json).toEqual({ url: null });
    expect((await optIn('Hine', 'hine@example.nz', '198.51.100.1')).status).toBe(201);
    expect((await optIn('Tama', 'tama@example.nz', '198.51.100.2')).status).toBe(201);
    await t.mailer.idle();
    const waiting = mailTo('hine@example.nz');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toContain('Subject: Your free Real Talk audio is on its way');
    expect(waiting[0]).not.toContain('/media/');
    // Kahu signs up too, then leaves the marketing e-mail with the waiting e-mail's one-click link (decision 0082).
    expect((await optIn('Kahu', 'kahu@example.nz', '198.51.100.3')).status).toBe(201);
    await t.mailer.idle();
    const [kahuWaiting] = smtp.received.filter((m) => m.to.includes('kahu@example.nz'));
    const link = /^<([^>]+)>$/.exec(headersOf(kahuWaiting!.raw).get('list-unsubscribe') ?? '')?.[1];
    expect(link).toMatch(/^https:\/\/beloud\.example\/unsubscribe\?token=/);
    const left = await t.app.request(link!.replace('https://beloud.example', ''), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    smtp.received.length = 0;

    const staff = await signedIn(t.app, t.db, 'admin', 'audio-staff');
    const cookie = [...staff.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = (body: Buffer) =>
      t.app.request('/api/admin/real-talk-audio', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/octet-stream' },
        body,
      });
    const notAudio = await upload(Buffer.from('%PDF-1.7\n%%EOF\n'));
    expect(notAudio.status).toBe(415);
    expect(((await notAudio.json()) as { message: string }).message).toBe(
      'The audio must be an MP3, M4A, OGG or WAV file (checked by its content).',
    );
    const client = await signedIn(t.app, t.db, 'client', 'audio-client');
    expect((await client.b.post('/api/admin/real-talk-audio', {})).status).toBe(403);

    const res = await upload(wav());
    expect(res.status).toBe(201);
    const { url, emailed } = (await res.json()) as { url: string; emailed: number };
    expect(url).toMatch(/^\/real-talk-audio\/[\w-]+\.wav$/);
    expect(emailed).toBe(2); // not Kahu, who unsubscribed
    expect((await browser(t.app).get('/api/real-talk-audio')).json).toEqual({ url });
    await t.mailer.idle();
    const ready = mailTo('hine@example.nz');
    expect(ready).toHaveLength(1);
    expect(ready[0]).toContain('Subject: Your free Real Talk audio is here');
    expect(ready[0]).toContain(`https://beloud.example${url}`);
    expect(mailTo('tama@example.nz')).toHaveLength(1);
    expect(mailTo('kahu@example.nz')).toHaveLength(0);
    const [raw] = smtp.received.filter((m) => m.to.includes('tama@example.nz'));
    expect(headersOf(raw!.raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Served from the store, with ranges for seeking; a made-up name is a 404.
    const file = await t.app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^audio\/(wav|x-wav|wave)/);
    const part = await t.app.request(url, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('RIFF');
    expect((await t.app.request('/real-talk-audio/nothing.wav')).status).toBe(404);

    // A second upload sends nobody anything again; a later sign-up gets the newest audio at once.
    smtp.received.length = 0;
    const second = (await (await upload(wav(2))).json()) as { url: string; emailed: number };
    expect(second.emailed).toBe(0);
    expect((await optIn('Mere', 'mere@example.nz', '198.51.100.3')).status).toBe(201);
    await t.mailer.idle();
    expect(mailTo('hine@example.nz')).toEqual([]);
    const mere = mailTo('mere@example.nz');
    expect(mere[0]).toContain('Subject: Your free Real Talk audio is here');
    expect(mere[0]).toContain(`https://beloud.example${second.url}`);
  });
});
