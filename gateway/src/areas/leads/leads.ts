import { eq } from 'drizzle-orm';
import { FOLLOW_UP_PROMISE, endpoints } from '@agency/contracts';
import { LIMITS } from '../../platform/http/rate-limit';
import { compiledInsert, consultationRequests, contactInquiries, optInLeads } from '../../platform/db';
import { conversionRecorder } from '../tracking';
import { confirm } from '../../platform/mail/confirmations';
import { notify, OPT_IN_WHY, optInWaiting, optInWelcome } from '../../platform/mail/templates';
import { unsubscribes } from './unsubscribe';
import { confirmationGate } from './confirmations';
import { absolute, realTalkAudioUrl } from './real-talk-audio';
import { addressCounter, addressLimit, rateLimit, validBody } from '../../platform/http/limit';
import type { CaptureDeps } from './capture-lead';
import { endpointRoutes } from '../../platform/http/routes';

const accepted = (id: number, message: string) => ({ success: true as const, id, message });

/**
 * The per-address limit shared by every lead form (enquiries, consultations and quotes): 20 an hour, far more than
 * a person sends, few enough that a script cannot fill the inbox (decision 0020). The message is what the form shows.
 */
export function leadLimit({ env, limiter }: Pick<CaptureDeps, 'env' | 'limiter'>) {
  return addressLimit(
    limiter,
    env.trustedProxies,
    'lead',
    LIMITS.leadsPerIp,
    (wait) =>
      `We have received a lot of requests from your network. Please try again ${wait}, or email us at ${env.publicConfig.supportEmail}.`,
  );
}

/** Lead capture: each handler stores the lead and its notification e-mails with `captureLead`, then answers. */
export function leadsApi({ env, db, captureLead, limiter, group }: CaptureDeps) {
  const insertInquiry = compiledInsert(db, contactInquiries, { id: contactInquiries.id });
  const insertConsultation = compiledInsert(db, consultationRequests, { id: consultationRequests.id });
  const insertOptIn = compiledInsert(db, optInLeads, { id: optInLeads.id });
  const leads = leadLimit({ env, limiter });
  const mayConfirm = confirmationGate({ env, limiter });
  const audioUrl = realTalkAudioUrl(db, env);
  const leaving = unsubscribes(db, env.publicConfig.publicOrigin);
  const contact = env.publicConfig;
  const recordConversion = conversionRecorder({ db, env, group });
  const conversions = addressLimit(
    limiter,
    env.trustedProxies,
    'conversion',
    LIMITS.conversionEventsPerIp,
    (wait) => `Too many events from your network. Please try again ${wait}.`,
  );
  const optInBody = validBody(endpoints.optIn.body);
  const optInLimits = [
    rateLimit(
      limiter,
      [[(c) => addressCounter(c, 'optin', env.trustedProxies), LIMITS.optInPerIp]],
      (wait) => `Too many sign-ups from your network. Please try again ${wait}.`,
    ),
    // The schema has made the address its identity key (NFKC, lower-cased).
    rateLimit(
      limiter,
      [[(c) => `optin:email:${optInBody(c).email}`, LIMITS.optInPerEmail]],
      (wait) =>
        `This email address has already been signed up today. Please check your inbox (and spam folder) for the audio, or try again ${wait}.`,
    ),
  ];
  return endpointRoutes()
    .on(endpoints.submitEnquiry, { afterInput: [leads] }, async (c) => {
      const data = c.req.valid('json');
      const copy = (await mayConfirm(c, data.contactEmail)) && confirm.enquiry(data, contact);
      const lead = await captureLead(
        'enquiry',
        (clock) => insertInquiry({ ...data, ...clock }),
        ({ id }) => [notify.enquiry(env.mail.notifyTo, data, id), ...(copy ? [copy] : [])],
        data.businessName,
      );
      return c.json(accepted(lead.id, `Thank you for your inquiry. We'll contact you ${FOLLOW_UP_PROMISE}.`), 201);
    })

    .on(endpoints.submitConsultation, { afterInput: [leads] }, async (c) => {
      const data = c.req.valid('json');
      const copy = (await mayConfirm(c, data.email)) && confirm.consultation(data, contact);
      const lead = await captureLead(
        'consultation',
        (clock) => insertConsultation({ ...data, ...clock }),
        ({ id }) => [notify.consultation(env.mail.notifyTo, data, id), ...(copy ? [copy] : [])],
        data.businessName,
      );
      return c.json(
        accepted(lead.id, `We'll contact you ${FOLLOW_UP_PROMISE}, to schedule your free consultation.`),
        201,
      );
    })

    .on(endpoints.optIn, { afterInput: optInLimits }, async (c) => {
      const data = c.req.valid('json');
      // The audio's own link when there is one; else a note that it follows, sent by its upload (decision 0064).
      // Either is marketing mail (decision 0082): none to an address that unsubscribed, whoever signs it up again.
      const audio = await audioUrl();
      const copy = await leaving.marketing(
        audio
          ? optInWelcome(
              data,
              absolute(env.publicConfig.publicOrigin, audio),
              env.listenPageUrl,
              env.publicConfig.supportEmail,
            )
          : optInWaiting(data, env.publicConfig.supportEmail),
        OPT_IN_WHY,
      );
      const lead = await captureLead(
        'optin',
        (clock) => insertOptIn({ ...data, ...clock }),
        ({ id }) => {
          const notice = notify.optIn(env.mail.notifyTo, data, id, copy !== null);
          return copy ? [copy, notice] : [notice];
        },
        data.firstName,
      );
      if (audio && copy) await db.update(optInLeads).set({ audioSentAt: new Date() }).where(eq(optInLeads.id, lead.id));
      return c.json(accepted(lead.id, 'Check your email for the audio.'), 201);
    })

    .on(endpoints.trackConversion, { afterInput: [conversions] }, async (c) => {
      // Stored with the ids and consent the ad platforms' server-side events need (decision 0095).
      const id = await recordConversion(c, c.req.valid('json'));
      return c.json(accepted(id, 'Event recorded'), 201);
    }).app;
}
