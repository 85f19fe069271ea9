/**
 * मराठी: the contact page's days, opening hours and landmarks (mirrors ../en/locations.ts' ContactCopy;
 * addresses, names and phone numbers stay as written; hours in Latin digits, as every number of the app,
 * docs/i18n.md). Its own chunk, loaded with the page.
 */
import type { ContactCopy } from '../en/locations';

export const contact: ContactCopy = {
  days: { Monday: 'सोमवार', Tuesday: 'मंगळवार', Wednesday: 'बुधवार', Thursday: 'गुरुवार', Friday: 'शुक्रवार', Saturday: 'शनिवार', Sunday: 'रविवार' },
  hours: {
    '9:00 am – 1:00 pm': 'सकाळी 9:00 – दुपारी 1:00',
    '3:00 pm – 7:00 pm': 'दुपारी 3:00 – संध्याकाळी 7:00',
    '5:00 pm – 8:00 pm': 'संध्याकाळी 5:00 – रात्री 8:00',
  },
  landmarks: {
    Kothrud: 'वनाझ मेट्रो स्टेशनपासून पाच मिनिटांच्या अंतरावर, चालत.',
    Aundh: 'कॉम्प्लेक्सच्या बेसमेंटमध्ये पार्किंग आहे.',
    'Viman Nagar': 'लिफ्ट आहे; व्हीलचेअरवरूनही क्लिनिकमध्ये सहज येता येते.',
    Hadapsar: 'मगरपट्टा सिटी गेट 1 च्या समोर.',
  },
};
