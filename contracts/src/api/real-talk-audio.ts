import { z } from 'zod';
import { RealTalkAudioSchema } from '../schemas/content';
import type { Endpoint } from './endpoint';

// The Real Talk audio (the opt-in's lead magnet, decision 0064): staff upload it in the dashboard's content; the
// thank-you page asks where it is.

export const realTalkAudio = {
  method: 'GET',
  path: '/api/real-talk-audio',
  access: 'anyone',
  answer: RealTalkAudioSchema,
} as const satisfies Endpoint;

/**
 * Staff upload the audio (the body is the file itself). Everyone who signed up while there was none is e-mailed
 * the link now, once.
 */
export const uploadRealTalkAudio = {
  method: 'POST',
  path: '/api/admin/real-talk-audio',
  access: 'staff',
  // Any declared type: the server reads the type from the bytes (a browser may call an .m4a audio/x-m4a or nothing).
  body: { raw: ['*/*'] },
  answer: /* @__PURE__ */ z.object({ url: z.string(), size: z.number().int(), emailed: z.number().int() }),
  status: [201],
} as const satisfies Endpoint;

/**
 * Staff: the audio playing now and how many sign-ups are still waiting for it, so the dashboard can say before an
 * upload how many people it will e-mail.
 */
export const realTalkAudioStatus = {
  method: 'GET',
  path: '/api/admin/real-talk-audio',
  access: 'staff',
  answer: /* @__PURE__ */ RealTalkAudioSchema.extend({ waiting: z.number().int() }),
} as const satisfies Endpoint;
