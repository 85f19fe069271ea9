/**
 * The public verify page's texts (src/verify/), in the page's language. Kept apart from
 * ./messages.ts so that only the lazily loaded verify page downloads them. Hindi and Marathi are
 * `VerifyMessages`, so a missing or extra key fails the type-check.
 */
import type { Catalog } from './catalog';
import type { Language } from './language';
import { useLanguage } from './languageChoice';

const en = {
  title: 'Verify a prescription',
  code: (code: string) => `Code ${code}`,
  loading: 'Checking the code…',
  genuine: {
    heading: 'Genuine prescription',
    intro: 'The clinic issued this prescription and it still stands. Compare it with the paper: it must say the same.',
    doctor: 'Doctor',
    date: 'Date of consultation',
    written: 'Written',
    version: (n: number) => (n === 1 ? 'First version' : `Amended version ${n}`),
    patient: 'Patient (initials)',
    remedies: 'Remedies',
    noRemedies: 'No remedies were prescribed.',
    dosage: 'Dosage',
    frequency: 'Frequency',
    duration: 'Duration',
  },
  amended: {
    heading: 'Replaced by a newer prescription',
    body: (when: string) => `The doctor amended this prescription on ${when}. This paper no longer stands: ask the patient for the new one.`,
  },
  revoked: {
    heading: 'Withdrawn',
    body: 'The clinic has withdrawn this prescription. It no longer stands.',
  },
  unknown: {
    heading: 'Not found',
    body: 'No prescription has this code. Check the code on the paper, or ask the clinic.',
  },
  failed: 'The code could not be checked just now. Please try again.',
  tooMany: 'Too many prescriptions were checked from this network. Please wait a minute and try again.',
  retry: 'Try again',
};

export type VerifyMessages = Catalog<typeof en>;

const hi: VerifyMessages = {
  title: 'पर्चे की जाँच',
  code: (code: string) => `कोड ${code}`,
  loading: 'कोड की जाँच हो रही है…',
  genuine: {
    heading: 'असली पर्चा',
    intro: 'यह पर्चा क्लिनिक ने दिया है और अब भी मान्य है। कागज़ से मिलाएँ: उसमें यही लिखा होना चाहिए।',
    doctor: 'डॉक्टर',
    date: 'परामर्श की तारीख',
    written: 'लिखा गया',
    version: (n: number) => (n === 1 ? 'पहला संस्करण' : `संशोधित संस्करण ${n}`),
    patient: 'मरीज़ (आद्याक्षर)',
    remedies: 'दवाइयाँ',
    noRemedies: 'कोई दवा नहीं लिखी गई।',
    dosage: 'खुराक',
    frequency: 'कितनी बार',
    duration: 'अवधि',
  },
  amended: {
    heading: 'नए पर्चे ने इसकी जगह ले ली है',
    body: (when: string) => `डॉक्टर ने ${when} को यह पर्चा संशोधित किया। यह कागज़ अब मान्य नहीं है: मरीज़ से नया पर्चा माँगें।`,
  },
  revoked: {
    heading: 'वापस लिया गया',
    body: 'क्लिनिक ने यह पर्चा वापस ले लिया है। यह अब मान्य नहीं है।',
  },
  unknown: {
    heading: 'नहीं मिला',
    body: 'इस कोड का कोई पर्चा नहीं है। कागज़ पर कोड जाँचें, या क्लिनिक से पूछें।',
  },
  failed: 'अभी कोड की जाँच नहीं हो सकी। कृपया फिर से कोशिश करें।',
  tooMany: 'इस नेटवर्क से बहुत सारे पर्चे जाँचे गए। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  retry: 'फिर से कोशिश करें',
};

const mr: VerifyMessages = {
  title: 'प्रिस्क्रिप्शनची पडताळणी',
  code: (code: string) => `कोड ${code}`,
  loading: 'कोड तपासत आहोत…',
  genuine: {
    heading: 'खरे प्रिस्क्रिप्शन',
    intro: 'हे प्रिस्क्रिप्शन क्लिनिकने दिले आहे आणि अजून लागू आहे. कागदाशी जुळवून पाहा: त्यावर हेच लिहिलेले असावे.',
    doctor: 'डॉक्टर',
    date: 'सल्ल्याची तारीख',
    written: 'लिहिले',
    version: (n: number) => (n === 1 ? 'पहिली आवृत्ती' : `सुधारित आवृत्ती ${n}`),
    patient: 'रुग्ण (आद्याक्षरे)',
    remedies: 'औषधे',
    noRemedies: 'कोणतेही औषध लिहिलेले नाही.',
    dosage: 'मात्रा',
    frequency: 'किती वेळा',
    duration: 'कालावधी',
  },
  amended: {
    heading: 'नव्या प्रिस्क्रिप्शनने बदलले',
    body: (when: string) => `डॉक्टरांनी ${when} रोजी हे प्रिस्क्रिप्शन सुधारले. हा कागद आता लागू नाही: रुग्णाकडे नवे प्रिस्क्रिप्शन मागा.`,
  },
  revoked: {
    heading: 'मागे घेतले',
    body: 'क्लिनिकने हे प्रिस्क्रिप्शन मागे घेतले आहे. ते आता लागू नाही.',
  },
  unknown: {
    heading: 'सापडले नाही',
    body: 'या कोडचे कोणतेही प्रिस्क्रिप्शन नाही. कागदावरील कोड तपासा, किंवा क्लिनिकला विचारा.',
  },
  failed: 'आत्ता कोड तपासता आला नाही. कृपया पुन्हा प्रयत्न करा.',
  tooMany: 'या नेटवर्कवरून खूप प्रिस्क्रिप्शन तपासली गेली. कृपया एक मिनिट थांबून पुन्हा प्रयत्न करा.',
  retry: 'पुन्हा प्रयत्न करा',
};

export const verifyMessages: Readonly<Record<Language, VerifyMessages>> = { en, hi, mr };

export const useVerifyMessages = (): VerifyMessages => verifyMessages[useLanguage()];
