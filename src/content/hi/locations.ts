/**
 * हिन्दी: the contact page's days, opening hours and landmarks (mirrors ../en/locations.ts' ContactCopy;
 * addresses, names and phone numbers stay as written). Its own chunk, loaded with the page.
 */
import type { ContactCopy } from '../en/locations';

export const contact: ContactCopy = {
  days: { Monday: 'सोमवार', Tuesday: 'मंगलवार', Wednesday: 'बुधवार', Thursday: 'गुरुवार', Friday: 'शुक्रवार', Saturday: 'शनिवार', Sunday: 'रविवार' },
  hours: {
    '9:00 am – 1:00 pm': 'सुबह 9:00 – दोपहर 1:00',
    '3:00 pm – 7:00 pm': 'दोपहर 3:00 – शाम 7:00',
    '5:00 pm – 8:00 pm': 'शाम 5:00 – रात 8:00',
  },
  landmarks: {
    Kothrud: 'वनाज़ मेट्रो स्टेशन से पाँच मिनट पैदल।',
    Aundh: 'कॉम्प्लेक्स के बेसमेंट में पार्किंग है।',
    'Viman Nagar': 'लिफ़्ट है; व्हीलचेयर से भी क्लिनिक तक आसानी से पहुँच सकते हैं।',
    Hadapsar: 'मगरपट्टा सिटी गेट 1 के सामने।',
  },
};
