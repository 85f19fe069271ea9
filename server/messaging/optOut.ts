/**
 * The no-login opt-out: every reminder (mail, SMS, WhatsApp) carries a link to
 * PUBLIC_URL/optout/<token>, where <token> names one account and one channel and is signed with
 * a key derived from the server's secret (HMAC-SHA256, server/security/secrets.ts, purpose
 * 'opt-out'). It does not expire (a reminder read weeks later still works) and cannot be made
 * for another account or channel without the secret: an altered token is refused and changes
 * nothing.
 *
 *   GET  /optout/{token}   a page: "Stop reminders by SMS?" with one button (a plain form: mail
 *                          clients and link previewers open links, they must not opt anyone out)
 *   POST /optout/{token}   turns that channel off; the page says it is done (again: the same)
 *
 * The button is a plain HTML form, so it works without JavaScript and in any mail client's browser:
 * the browser posts it as application/x-www-form-urlencoded (an empty body: the form has no
 * fields). This plugin, and only it, reads that type (the API takes JSON alone); whatever the body
 * holds is ignored, because the token in the address is all the POST needs. No cookie or session
 * is read, so a forged cross-site post can do nothing the token's holder could not: there is no
 * ambient authority for a CSRF to borrow, and turning reminders off twice is the same as once.
 *
 * A forged or altered token: 400 with a page saying the link is not valid; a valid one whose
 * account is gone: 404. The pages are in the account's language and say nothing about whose
 * account it is (a forwarded link shows no email or phone).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '../../contract/auth.js';
import type { Database } from '../db/database.js';
import type { Secrets } from '../security/secrets.js';

export type OptOutChannel = 'email' | 'sms' | 'whatsapp';
const channels: readonly OptOutChannel[] = ['email', 'sms', 'whatsapp'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (key: Buffer, userId: string, channel: OptOutChannel) =>
  createHmac('sha256', key).update(`opt-out v1:${userId}:${channel}`).digest().subarray(0, 18).toString('base64url');

export async function optOutToken(secrets: Secrets, userId: string, channel: OptOutChannel): Promise<string> {
  return `${userId}.${channel}.${mac(await secrets.key('opt-out'), userId, channel)}`;
}

/** The account and channel a token names, or null when it is not one we signed. */
export async function readOptOutToken(secrets: Secrets, token: string): Promise<{ userId: string; channel: OptOutChannel } | null> {
  if (token.length > 120) return null;
  const [userId, channel, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !uuid.test(userId) || !channels.includes(channel as OptOutChannel) || !signature) return null;
  const expected = Buffer.from(mac(await secrets.key('opt-out'), userId, channel as OptOutChannel));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, channel: channel as OptOutChannel };
}

export const optOutUrl = (publicUrl: string, token: string) => `${publicUrl}/optout/${token}`;

const column: Record<OptOutChannel, string> = { email: 'remind_email', sms: 'remind_sms', whatsapp: 'remind_whatsapp' };

const words: Record<Language, {
  channel: Record<OptOutChannel, string>;
  title: string;
  ask: (channel: string) => string;
  note: string;
  button: string;
  done: (channel: string) => string;
  again: string;
  invalid: string;
  gone: string;
}> = {
  en: {
    channel: { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' },
    title: 'Appointment reminders',
    ask: (c) => `Stop appointment reminders by ${c}?`,
    note: 'Booking confirmations still come by email. You can turn reminders on again on your Account page.',
    button: 'Stop these reminders',
    done: (c) => `Done: no more appointment reminders by ${c}.`,
    again: 'You can turn them on again on your Account page.',
    invalid: 'This link is not valid. Nothing was changed. Please use the link from your reminder exactly as it came, or change your reminders on your Account page.',
    gone: 'This account no longer exists. Nothing was changed.',
  },
  hi: {
    channel: { email: 'ईमेल', sms: 'SMS', whatsapp: 'WhatsApp' },
    title: 'अपॉइंटमेंट रिमाइंडर',
    ask: (c) => `${c} से अपॉइंटमेंट रिमाइंडर बंद करें?`,
    note: 'बुकिंग की पुष्टि ईमेल से आती रहेगी। रिमाइंडर फिर से चालू करने के लिए अपने अकाउंट पेज पर जाएँ।',
    button: 'ये रिमाइंडर बंद करें',
    done: (c) => `हो गया: अब ${c} से अपॉइंटमेंट रिमाइंडर नहीं आएँगे।`,
    again: 'आप इन्हें अपने अकाउंट पेज पर फिर से चालू कर सकते हैं।',
    invalid: 'यह लिंक सही नहीं है। कुछ नहीं बदला गया। कृपया रिमाइंडर में आया लिंक जैसा है वैसा ही खोलें, या अपने अकाउंट पेज पर रिमाइंडर बदलें।',
    gone: 'यह अकाउंट अब मौजूद नहीं है। कुछ नहीं बदला गया।',
  },
  mr: {
    channel: { email: 'ईमेल', sms: 'SMS', whatsapp: 'WhatsApp' },
    title: 'अपॉइंटमेंटची आठवण',
    ask: (c) => `${c} वरून अपॉइंटमेंटची आठवण बंद करायची?`,
    note: 'बुकिंगची पुष्टी ईमेलवर येत राहील. आठवण पुन्हा सुरू करायची असल्यास तुमच्या अकाउंट पेजवर जा.',
    button: 'ही आठवण बंद करा',
    done: (c) => `झाले: आता ${c} वरून अपॉइंटमेंटची आठवण येणार नाही.`,
    again: 'तुम्ही ती तुमच्या अकाउंट पेजवर पुन्हा सुरू करू शकता.',
    invalid: 'ही लिंक बरोबर नाही. काहीही बदलले नाही. कृपया आठवणीत आलेली लिंक जशी आहे तशीच उघडा, किंवा तुमच्या अकाउंट पेजवर आठवण बदला.',
    gone: 'हे अकाउंट आता अस्तित्वात नाही. काहीही बदलले नाही.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, status: number, language: Language, body: string) {
  const w = words[language];
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(w.title)}</title></head>
<body>
<main>
<h1>${escape(w.title)}</h1>
${body}
</main>
</body>
</html>
`);
}

export async function optOutPages(app: FastifyInstance, options: { db: Database; secrets: Secrets; now: () => Date }) {
  const { db, secrets } = options;
  type Found = { status: 400 | 404; language: Language } | { status: 200; language: Language; userId: string; channel: OptOutChannel };
  async function find(token: string): Promise<Found> {
    const named = await readOptOutToken(secrets, token);
    if (!named) return { status: 400, language: 'en' };
    const { rows } = await db.query<{ language: Language }>('select language from users where id = $1', [named.userId]);
    if (!rows[0]) return { status: 404, language: 'en' };
    return { status: 200, language: rows[0].language, ...named };
  }
  // The opt-out form's post (see above); at most what a form with a button could send.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  const failure = (reply: FastifyReply, found: Found) =>
    page(reply, found.status, found.language, `<p role="alert">${escape(found.status === 400 ? words[found.language].invalid : words[found.language].gone)}</p>`);

  app.get<{ Params: { token: string } }>('/optout/:token', async (request, reply) => {
    const found = await find(request.params.token);
    if (found.status !== 200) return failure(reply, found);
    const w = words[found.language];
    return page(
      reply,
      200,
      found.language,
      `<p>${escape(w.ask(w.channel[found.channel]))}</p>
<p>${escape(w.note)}</p>
<form method="post" action="/optout/${escape(request.params.token)}"><button type="submit">${escape(w.button)}</button></form>`,
    );
  });

  app.post<{ Params: { token: string } }>('/optout/:token', async (request, reply) => {
    const found = await find(request.params.token);
    if (found.status !== 200) return failure(reply, found);
    await db.query(`update users set ${column[found.channel]} = false, updated_at = $2 where id = $1`, [found.userId, options.now()]);
    request.log.info({ channel: found.channel }, 'reminders turned off by opt-out link');
    const w = words[found.language];
    return page(reply, 200, found.language, `<p role="status">${escape(w.done(w.channel[found.channel]))}</p>\n<p>${escape(w.again)}</p>`);
  });
}
