/**
 * The reminder's notification, in the account's language: when, and where to look; never the
 * doctor, the consultation type or anything clinical (a lock screen shows it to anybody).
 */
import type { Language } from '../../contract/auth.js';
import { clinicDayLong } from '../formats.js';
import type { PushPayload } from './send.js';

const words: Record<Language, { title: string; body: (day: string, time: string) => string }> = {
  en: { title: 'Appointment reminder', body: (day, time) => `Reminder: your appointment on ${day} at ${time}` },
  hi: { title: 'अपॉइंटमेंट रिमाइंडर', body: (day, time) => `रिमाइंडर: आपका अपॉइंटमेंट ${day} को ${time} बजे है` },
  mr: { title: 'अपॉइंटमेंट स्मरणपत्र', body: (day, time) => `स्मरण: तुमची अपॉइंटमेंट ${day} रोजी ${time} वाजता आहे` },
};

export function reminderPush(language: Language, date: string, startTime: string, publicUrl: string, appointmentId: string): PushPayload {
  const w = words[language];
  return { title: w.title, body: w.body(clinicDayLong(date, language), startTime), url: `${publicUrl}/#/myappointment`, tag: `reminder-${appointmentId}` };
}
