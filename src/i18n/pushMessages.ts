/**
 * /account's "Notifications on this phone" (src/components/Push/PushSection.tsx). Kept apart from
 * ./messages.ts so that only the account page's chunk carries them. Hindi and Marathi are
 * `PushMessages`, so a missing or extra key fails the type-check.
 */
import type { Catalog } from './catalog';
import type { Language } from './language';
import { useLanguage } from './languageChoice';

const en = {
  heading: 'Notifications on this phone',
  intro: 'Get a notification on this phone or computer. It only says that something is waiting, never what a doctor wrote: open the app to read it.',
  device: 'Notifications on this device',
  deviceOn: 'This device gets notifications.',
  deviceOff: 'This device gets no notifications.',
  unsupported: 'This browser cannot show notifications from a website. On a phone, add Sahaj Clinic to your home screen and open it from there, or use Chrome, Firefox, Edge or Safari.',
  denied: 'Notifications are blocked for this site in your browser. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, and turn the switch on again.',
  dismissed: 'Notifications were not allowed. Turn the switch on again and choose Allow.',
  kindsLegend: 'Which notifications (for every device of your account)',
  kinds: {
    reminders: 'Appointment reminders',
    chat: 'New chat messages from the clinic',
    payments: 'Payment confirmations and refunds',
    queue: 'In the waiting room: "you are next but one"',
  },
  turnedOn: 'Notifications will come to this device.',
  turnedOff: 'Notifications will no longer come to this device.',
  saved: 'Your notification choices are saved.',
  failed: 'That did not work. Please try again.',
  loading: 'Loading…',
  loadFailed: 'We could not load your notification settings.',
  tryAgain: 'Try again',
};

export type PushMessages = Catalog<typeof en>;

const hi: PushMessages = {
  heading: 'इस फ़ोन पर सूचनाएँ',
  intro: 'इस फ़ोन या कंप्यूटर पर सूचना पाएँ। इसमें सिर्फ़ इतना लिखा होता है कि कुछ आपका इंतज़ार कर रहा है, डॉक्टर ने क्या लिखा यह कभी नहीं: पढ़ने के लिए ऐप खोलें।',
  device: 'इस डिवाइस पर सूचनाएँ',
  deviceOn: 'इस डिवाइस पर सूचनाएँ आती हैं।',
  deviceOff: 'इस डिवाइस पर कोई सूचना नहीं आती।',
  unsupported: 'यह ब्राउज़र वेबसाइट की सूचनाएँ नहीं दिखा सकता। फ़ोन पर सहज क्लिनिक को होम स्क्रीन पर जोड़ें और वहीं से खोलें, या Chrome, Firefox, Edge या Safari इस्तेमाल करें।',
  denied: 'आपके ब्राउज़र में इस साइट की सूचनाएँ बंद हैं। चालू करने के लिए साइट सेटिंग खोलें (पते के बाईं ओर का निशान), सूचनाएँ "अनुमति दें" पर रखें, और स्विच फिर से चालू करें।',
  dismissed: 'सूचनाओं की अनुमति नहीं दी गई। स्विच फिर से चालू करें और "अनुमति दें" चुनें।',
  kindsLegend: 'कौन-सी सूचनाएँ (आपके खाते के हर डिवाइस के लिए)',
  kinds: {
    reminders: 'अपॉइंटमेंट रिमाइंडर',
    chat: 'क्लिनिक से नए चैट मैसेज',
    payments: 'भुगतान की पुष्टि और रिफ़ंड',
    queue: 'प्रतीक्षा कक्ष में: "आपसे पहले बस एक"',
  },
  turnedOn: 'इस डिवाइस पर सूचनाएँ आएँगी।',
  turnedOff: 'इस डिवाइस पर अब सूचनाएँ नहीं आएँगी।',
  saved: 'आपकी सूचना की पसंद सेव हो गई।',
  failed: 'यह नहीं हो पाया। कृपया फिर से कोशिश करें।',
  loading: 'लोड हो रहा है…',
  loadFailed: 'हम आपकी सूचना सेटिंग लोड नहीं कर सके।',
  tryAgain: 'फिर से कोशिश करें',
};

const mr: PushMessages = {
  heading: 'या फोनवर सूचना',
  intro: 'या फोनवर किंवा संगणकावर सूचना मिळवा. त्यात फक्त काहीतरी तुमची वाट पाहत आहे एवढेच असते, डॉक्टरांनी काय लिहिले ते कधीच नाही: वाचण्यासाठी ॲप उघडा.',
  device: 'या डिव्हाइसवर सूचना',
  deviceOn: 'या डिव्हाइसवर सूचना येतात.',
  deviceOff: 'या डिव्हाइसवर कोणतीही सूचना येत नाही.',
  unsupported: 'हा ब्राउझर वेबसाइटच्या सूचना दाखवू शकत नाही. फोनवर सहज क्लिनिक होम स्क्रीनवर जोडा आणि तिथूनच उघडा, किंवा Chrome, Firefox, Edge किंवा Safari वापरा.',
  denied: 'तुमच्या ब्राउझरमध्ये या साइटच्या सूचना बंद आहेत. सुरू करण्यासाठी साइट सेटिंग्ज उघडा (पत्त्याच्या डावीकडील चिन्ह), सूचना "परवानगी द्या" वर ठेवा, आणि स्विच पुन्हा सुरू करा.',
  dismissed: 'सूचनांना परवानगी दिली नाही. स्विच पुन्हा सुरू करा आणि "परवानगी द्या" निवडा.',
  kindsLegend: 'कोणत्या सूचना (तुमच्या खात्याच्या प्रत्येक डिव्हाइससाठी)',
  kinds: {
    reminders: 'अपॉइंटमेंट स्मरणपत्रे',
    chat: 'क्लिनिककडून नवीन चॅट मेसेज',
    payments: 'पेमेंटची पुष्टी आणि परतावे',
    queue: 'प्रतीक्षा कक्षात: "तुमच्या आधी फक्त एक"',
  },
  turnedOn: 'या डिव्हाइसवर सूचना येतील.',
  turnedOff: 'या डिव्हाइसवर आता सूचना येणार नाहीत.',
  saved: 'तुमच्या सूचनांची निवड सेव्ह झाली.',
  failed: 'हे झाले नाही. कृपया पुन्हा प्रयत्न करा.',
  loading: 'लोड होत आहे…',
  loadFailed: 'आम्ही तुमच्या सूचना सेटिंग्ज लोड करू शकलो नाही.',
  tryAgain: 'पुन्हा प्रयत्न करा',
};

export const pushMessages: Readonly<Record<Language, PushMessages>> = { en, hi, mr };

export function usePushMessages(): PushMessages {
  return pushMessages[useLanguage()];
}
