/**
 * The notification of each event the account's devices may get besides reminders, in the
 * account's language (docs/app.md "Web Push"): never the message, the doctor, the amount or
 * anything clinical (a lock screen shows it to anybody), only that something is waiting and where.
 */
import type { Language } from '../../contract/auth.js';
import type { PushKind } from '../../contract/push.js';
import type { PushPayload } from './send.js';

/** What happened: a doctor's chat message, a payment settled, a refund completed, next but one in the queue. */
export type PushEvent = 'chat' | 'payment' | 'refund' | 'queue';
export const pushEvents = ['chat', 'payment', 'refund', 'queue'] as const satisfies readonly PushEvent[];

/** The account's switch each event follows (users.push_<kind>). */
export const kindOf: Record<PushEvent, Exclude<PushKind, 'reminders'>> = { chat: 'chat', payment: 'payments', refund: 'payments', queue: 'queue' };

type Words = Record<PushEvent, { title: string; body: (clinic: string) => string }>;

const words: Record<Language, Words> = {
  en: {
    chat: { title: 'New message', body: (clinic) => `You have a new message from ${clinic}` },
    payment: { title: 'Payment received', body: () => 'Your payment is received and your appointment is confirmed' },
    refund: { title: 'Refund made', body: () => 'Your refund has been made. It may take a few days to show in your account' },
    queue: { title: 'Almost your turn', body: () => 'You are next but one. Please come back to the waiting room' },
  },
  hi: {
    chat: { title: 'नया मैसेज', body: (clinic) => `${clinic} से आपके लिए एक नया मैसेज है` },
    payment: { title: 'भुगतान मिला', body: () => 'आपका भुगतान मिल गया है और आपकी अपॉइंटमेंट पक्की है' },
    refund: { title: 'रिफ़ंड हो गया', body: () => 'आपका रिफ़ंड कर दिया गया है। खाते में दिखने में कुछ दिन लग सकते हैं' },
    queue: { title: 'आपकी बारी आने वाली है', body: () => 'आपसे पहले बस एक है। कृपया प्रतीक्षा कक्ष में लौट आएँ' },
  },
  mr: {
    chat: { title: 'नवीन मेसेज', body: (clinic) => `${clinic} कडून तुमच्यासाठी नवीन मेसेज आहे` },
    payment: { title: 'पेमेंट मिळाले', body: () => 'तुमचे पेमेंट मिळाले असून तुमची अपॉइंटमेंट निश्चित झाली आहे' },
    refund: { title: 'परतावा केला', body: () => 'तुमचा परतावा केला आहे. खात्यात दिसायला काही दिवस लागू शकतात' },
    queue: { title: 'तुमची पाळी जवळ आली', body: () => 'तुमच्या आधी फक्त एक आहे. कृपया प्रतीक्षा कक्षात परत या' },
  },
};

/** The page a tap opens: the chat and the queue's place are on My Appointment, as are the payments. */
export function eventPush(event: PushEvent, language: Language, clinic: string, publicUrl: string, ref: string): PushPayload {
  const w = words[language][event];
  return { title: w.title, body: w.body(clinic), url: `${publicUrl.replace(/\/+$/, '')}/#/myappointment`, tag: `${event}-${ref}` };
}
