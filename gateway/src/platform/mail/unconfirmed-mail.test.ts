/**
 * Decision 0082: an e-mail to an address nobody has confirmed carries no words a visitor wrote but a first name that
 * reads as one (letters, spaces, hyphens, apostrophes, macrons; at most 30 characters), else a neutral greeting.
 * Through a real SMTP server: the audio sign-up and the privacy request's confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greeting, isFirstName } from './greeting';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp, textOf } from '../../../test/smtp';

const LURE = 'friend! Your account is suspended, verify at https://evil.example';

describe('first names in e-mails to unconfirmed addresses', () => {
  it('greets by a name only when it reads as one', () => {
    for (const name of ['Aroha', 'Mere-Ānahera', "O'Neil", 'Te Rangi', 'Zoë', 'Ngāi Tahu Tamaiti', 'Ma\u0304ui'])
      expect(isFirstName(name), name).toBe(true);
    for (const name of [LURE, 'Visit evil.example', 'Bob 2', 'a b c d e', 'x'.repeat(31), '', ' ', 'Hi!', '<b>Ana</b>'])
      expect(isFirstName(name), name).toBe(false);
    expect(greeting('Mere-Ānahera')).toBe('Kia ora Mere-Ānahera,');
    expect(greeting(LURE)).toBe('Kia ora,');
  });

  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await setupApp({ SMTP_URL: smtp.url, REAL_TALK_AUDIO_URL: 'https://media.example/real-talk.mp3' });
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });
  const mailTo = async (address: string) => {
    await t.mailer.idle();
    return smtp.received.filter((m) => m.to.includes(address)).map((m) => textOf(m.raw));
  };

  it("the audio sign-up's e-mail leaves a lure out and keeps a real name", async () => {
    expect((await browser(t.app).post('/api/opt-in', { firstName: LURE, email: 'stranger@example.nz' })).status).toBe(
      201,
    );
    const [lured] = await mailTo('stranger@example.nz');
    expect(lured).toMatch(/^\s*Kia ora,\r?\n/);
    expect(lured).not.toContain('evil.example');
    expect(lured).not.toContain('suspended');
    await browser(t.app).post('/api/opt-in', { firstName: 'Ngaire', email: 'ngaire@example.nz' });
    expect((await mailTo('ngaire@example.nz'))[0]).toMatch(/^\s*Kia ora Ngaire,\r?\n/);
  });

  it("the privacy request's confirmation repeats none of the details typed", async () => {
    const sent = await browser(t.app).post('/api/privacy-requests', {
      email: 'target@example.nz',
      kind: 'access',
      details: LURE,
    });
    expect(sent.status).toBe(200);
    const [confirmation] = await mailTo('target@example.nz');
    expect(confirmation).toContain('privacy-request?token=');
    expect(confirmation).not.toContain('evil.example');
  });
});
