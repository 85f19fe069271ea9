/**
 * The one wording of a prescription's follow-up (contract/appointments.ts FollowUp), in each of
 * the site's languages: the prescription PDF (server/documents/prescription.ts), the completion
 * mail and the patient's screens (the appointment card, My Remedies) all say it through
 * `followUpWords`, so a patient reads the same words on paper, in the mail and on the screen.
 *
 * The words restate the doctor's choice only (the number, the unit, how many visits, or "as
 * needed"); nothing is added to it. Null (no follow-up given) has no words: the caller shows
 * nothing, or its own "none".
 */
import type { FollowUp } from './appointments.js';
import type { Language } from './auth.js';

type After = Extract<FollowUp, { kind: 'after' }>;

interface FollowUpLanguage {
  asNeeded: string;
  /** One follow-up visit after `every` `unit`. */
  once: (every: number, unit: After['unit']) => string;
  /** A course: `times` visits, one every `every` `unit`. */
  course: (every: number, unit: After['unit'], times: number) => string;
  /** "None" where a screen lists the field anyway. */
  none: string;
}

const english: FollowUpLanguage = {
  asNeeded: 'As needed',
  once: (every, unit) => `After ${every} ${unit === 'days' ? (every === 1 ? 'day' : 'days') : every === 1 ? 'week' : 'weeks'}`,
  course: (every, unit, times) =>
    `${times} visits, every ${every === 1 ? (unit === 'days' ? 'day' : 'week') : `${every} ${unit}`}`,
  none: 'None',
};

const hindi: FollowUpLanguage = {
  asNeeded: 'ज़रूरत होने पर',
  once: (every, unit) => `${every} ${unit === 'days' ? 'दिन' : 'हफ़्ते'} बाद`,
  course: (every, unit, times) => `${times} बार, हर ${every} ${unit === 'days' ? 'दिन' : 'हफ़्ते'} में`,
  none: 'कोई नहीं',
};

const marathi: FollowUpLanguage = {
  asNeeded: 'गरज भासल्यास',
  once: (every, unit) =>
    `${every} ${unit === 'days' ? (every === 1 ? 'दिवसाने' : 'दिवसांनी') : every === 1 ? 'आठवड्याने' : 'आठवड्यांनी'}`,
  course: (every, unit, times) =>
    `${times} वेळा, दर ${every} ${unit === 'days' ? (every === 1 ? 'दिवसाने' : 'दिवसांनी') : every === 1 ? 'आठवड्याने' : 'आठवड्यांनी'}`,
  none: 'नाही',
};

export const followUpLanguages: Readonly<Record<Language, FollowUpLanguage>> = { en: english, hi: hindi, mr: marathi };

/** The follow-up in `language`'s words, or null when the doctor gave none. */
export function followUpWords(followUp: FollowUp | null | undefined, language: Language = 'en'): string | null {
  if (followUp === null || followUp === undefined) return null;
  const w = followUpLanguages[language];
  if (followUp.kind === 'asNeeded') return w.asNeeded;
  return followUp.times === 1 ? w.once(followUp.every, followUp.unit) : w.course(followUp.every, followUp.unit, followUp.times);
}
