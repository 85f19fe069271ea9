/**
 * The installed app's texts (src/pwa/): the offline notice, the update prompt, the install offer
 * and the "last updated" mark of a copy shown offline. Kept apart from ./messages.ts so that the
 * notices' chunk, loaded only when one is shown, carries only these. Hindi and Marathi are
 * `PwaMessages`, so a missing or extra key fails the type-check.
 */
import type { Catalog } from './catalog';
import type { Language } from './language';
import { useLanguage } from './languageChoice';

const en = {
  offline: 'You are offline. Booking, payment and changes need a connection; chat messages are sent when it returns. What you see here may not be the latest.',
  updateReady: 'A new version is ready',
  reload: 'Reload',
  install: {
    text: 'Add Sahaj Clinic to your home screen: your appointments and prescriptions open even without a network.',
    accept: 'Install the app',
    dismiss: 'No, thanks',
  },
  /** `when`: the date and time the copy was fetched, in the language's format. */
  lastUpdated: (when: string) => `Offline copy. Last updated ${when}`,
};

export type PwaMessages = Catalog<typeof en>;

const hi: PwaMessages = {
  offline: 'आप ऑफ़लाइन हैं। बुकिंग, भुगतान और बदलाव के लिए इंटरनेट चाहिए; चैट के मैसेज इंटरनेट लौटने पर भेजे जाएँगे। यहाँ दिखी जानकारी शायद सबसे नई न हो।',
  updateReady: 'नया संस्करण तैयार है',
  reload: 'फिर से लोड करें',
  install: {
    text: 'सहज क्लिनिक को अपनी होम स्क्रीन पर जोड़ें: आपकी अपॉइंटमेंट और पर्चे बिना इंटरनेट के भी खुलते हैं।',
    accept: 'ऐप इंस्टॉल करें',
    dismiss: 'नहीं, धन्यवाद',
  },
  lastUpdated: (when: string) => `ऑफ़लाइन प्रति। आख़िरी बार अपडेट: ${when}`,
};

const mr: PwaMessages = {
  offline: 'तुम्ही ऑफलाइन आहात. बुकिंग, पेमेंट आणि बदलांसाठी इंटरनेट लागते; चॅटचे मेसेज इंटरनेट परत आल्यावर पाठवले जातील. इथे दिसणारी माहिती कदाचित सर्वात नवीन नसेल.',
  updateReady: 'नवीन आवृत्ती तयार आहे',
  reload: 'पुन्हा लोड करा',
  install: {
    text: 'सहज क्लिनिक तुमच्या होम स्क्रीनवर जोडा: तुमच्या अपॉइंटमेंट आणि प्रिस्क्रिप्शन इंटरनेटशिवायही उघडतात.',
    accept: 'ॲप इन्स्टॉल करा',
    dismiss: 'नको, धन्यवाद',
  },
  lastUpdated: (when: string) => `ऑफलाइन प्रत. शेवटचे अपडेट: ${when}`,
};

export const pwaMessages: Readonly<Record<Language, PwaMessages>> = { en, hi, mr };

export const usePwaMessages = (): PwaMessages => pwaMessages[useLanguage()];
