/**
 * The queue's texts in every language: the waiting room's display (src/display/), which shows
 * English, हिन्दी and मराठी together, and the patient's place on My Appointment
 * (src/components/Appointments/QueuePlaceLine.tsx), in the page's language. Kept apart from
 * ./messages.ts so the home page never downloads them: only those two lazily loaded views import
 * this file. Hindi and Marathi are `QueueMessages`, so a missing or extra key fails the type-check.
 */
import type { Language } from './language';
import { useLanguage } from './languageChoice';
import type { Catalog } from './catalog';

const en = {
  display: {
    title: 'Queue',
    now: 'Now',
    room: 'Room',
    next: 'Next',
    waiting: (count: number) => `${count} waiting`,
    pleaseWait: 'Please wait',
    nobodyWaiting: 'No one waiting',
    noQueue: 'No queue yet today',
    connecting: 'Connecting…',
    stale: 'Connection lost: showing the last known queue',
    revoked: 'This display link is not valid any more. Ask the clinic for a new one.',
  },
  place: {
    heading: 'Your place in the queue',
    token: (token: string) => `Your token: ${token}`,
    before: (before: number, minutes: number) => `${before} before you, about ${minutes} minutes`,
    next: 'You are next',
    called: (room: string) => (room === '' ? 'Please go in now' : `Please go to ${room}`),
    seen: 'Your visit is done',
  },
};

export type QueueMessages = Catalog<typeof en>;

const hi: QueueMessages = {
  display: {
    title: 'कतार',
    now: 'अभी',
    room: 'कमरा',
    next: 'अगले',
    waiting: (count) => `${count} इंतज़ार में`,
    pleaseWait: 'कृपया प्रतीक्षा करें',
    nobodyWaiting: 'कोई इंतज़ार में नहीं',
    noQueue: 'आज अभी कोई कतार नहीं',
    connecting: 'जुड़ रहा है…',
    stale: 'कनेक्शन टूट गया: आख़िरी जानी हुई कतार दिखाई जा रही है',
    revoked: 'यह डिस्प्ले लिंक अब मान्य नहीं है। क्लिनिक से नया लिंक माँगें।',
  },
  place: {
    heading: 'कतार में आपकी जगह',
    token: (token) => `आपका टोकन: ${token}`,
    before: (before, minutes) => `आपसे पहले ${before}, लगभग ${minutes} मिनट`,
    next: 'अगला नंबर आपका है',
    called: (room) => (room === '' ? 'कृपया अभी अंदर जाएँ' : `कृपया ${room} में जाएँ`),
    seen: 'आपकी विज़िट पूरी हो गई',
  },
};

const mr: QueueMessages = {
  display: {
    title: 'रांग',
    now: 'आता',
    room: 'खोली',
    next: 'पुढील',
    waiting: (count) => `${count} प्रतीक्षेत`,
    pleaseWait: 'कृपया प्रतीक्षा करा',
    nobodyWaiting: 'कोणीही प्रतीक्षेत नाही',
    noQueue: 'आज अजून रांग नाही',
    connecting: 'जोडत आहे…',
    stale: 'कनेक्शन तुटले: शेवटची माहीत असलेली रांग दाखवत आहोत',
    revoked: 'ही डिस्प्ले लिंक आता वैध नाही. क्लिनिककडून नवीन लिंक मागा.',
  },
  place: {
    heading: 'रांगेतील तुमची जागा',
    token: (token) => `तुमचा टोकन: ${token}`,
    before: (before, minutes) => `तुमच्या आधी ${before}, सुमारे ${minutes} मिनिटे`,
    next: 'पुढचा नंबर तुमचा आहे',
    called: (room) => (room === '' ? 'कृपया आता आत जा' : `कृपया ${room} मध्ये जा`),
    seen: 'तुमची भेट पूर्ण झाली',
  },
};

export const queueMessages: Readonly<Record<Language, QueueMessages>> = { en, hi, mr };

/** The display shows its labels in these languages, in this order, together. */
export const displayLanguages: readonly Language[] = ['en', 'hi', 'mr'];

/** The queue's texts in the page's language. */
export const useQueueMessages = (): QueueMessages => queueMessages[useLanguage()];
