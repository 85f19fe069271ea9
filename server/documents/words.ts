/**
 * The words of the prescription and the receipt in the account's language, as the
 * clinic's front desk would write them (docs/glossary.md: पर्चा / प्रिस्क्रिप्शन, दवा / औषध,
 * ख़ुराक / डोस, तकलीफ़ / तक्रार). Only the labels and the clinic's own sentences change: what the
 * doctor wrote (complaint, remedies, dosage, instructions) stays as written, and so do names,
 * numbers and references. Dates and rupees go through Intl in the language's locale (server/formats.ts).
 */
import type { Language } from '../../contract/auth.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';

export interface DocumentWords {
  /** The consultation types by name, as the documents say "Online (Video)". */
  typeNames: Readonly<Record<ConsultationType, string>>;
  genders: Readonly<Record<Gender, string>>;
  mode: { clinicVisit: string; clinicVisitAt: (place: string) => string; online: (type: string) => string };
  /** "<council>, Reg. No. <number>". */
  registration: (council: string, number: string) => string;
  notOnRecord: string;
  prescription: {
    title: string;
    registration: string;
    /** The clinic's phone and email under its address. */
    clinicContact: (phone: string, email: string) => string;
    contact: string;
    patient: string;
    ageGender: string;
    ageGenderValue: (age: number, gender: string) => string;
    bookedBy: string;
    date: string;
    mode: string;
    appointment: string;
    complaint: string;
    history: string;
    diagnosis: string;
    investigations: string;
    followUp: string;
    noRemedies: string;
    dosage: string;
    frequency: string;
    duration: string;
    instructions: string;
    pharmacy: string;
    signature: string;
    signatureWithNumber: (number: string) => string;
    footer: string;
  };
  receipt: {
    title: string;
    receivedFrom: string;
    for: string;
    feeFor: (p: { type: string; number: string; doctor: string; day: string; mode: string; patient: string }) => string;
    orderFor: (p: { number: string; doctor: string; day: string; patient: string }) => string;
    doctor: string;
    doctorLine: (nameAndQualification: string, registration: string) => string;
    number: string;
    date: string;
    amountLabel: string;
    amount: (rupees: string) => string;
    paid: string;
    inCash: string;
    /** A fee taken at the clinic's counter (cash, UPI or card at the terminal). */
    atCounter: string;
    reference: string;
    refundReceipt: string;
    refund: string;
    refundedOn: (rupees: string, when: string) => string;
    refundDue: (rupees: string) => string;
    net: string;
    footer: string;
    /** The title when the clinic's GSTIN is set (CLINIC_GSTIN): the order's receipt is a tax invoice. */
    taxInvoice: string;
    gstin: string;
    /** An order built from items: its lines, where it is filled, and its sums. */
    items: string;
    itemLine: (p: { name: string; quantity: number; unitPrice: string; amount: string }) => string;
    pickupAt: (location: string) => string;
    deliveredTo: (address: string) => string;
    subtotal: string;
    tax: (percent: string) => string;
    deliveryFee: string;
    total: string;
  };
}

export const documentWords: Readonly<Record<Language, DocumentWords>> = {
  en: {
    typeNames: { Chat: 'Chat', Video: 'Video', Call: 'Call', 'Clinic Visit': 'Clinic Visit' },
    genders: { male: 'Male', female: 'Female' },
    mode: { clinicVisit: 'Clinic visit', clinicVisitAt: (place) => `Clinic visit, ${place}`, online: (type) => `Online (${type})` },
    registration: (council, number) => [council, number].filter(Boolean).join(', Reg. No. '),
    notOnRecord: 'not on record',
    prescription: {
      title: 'Prescription',
      registration: 'Registration',
      clinicContact: (phone, email) => `Phone: ${phone} · Email: ${email}`,
      contact: 'Contact',
      patient: 'Patient',
      ageGender: 'Age / Gender',
      ageGenderValue: (age, gender) => `${age} years / ${gender}`,
      bookedBy: 'Booked by',
      date: 'Date',
      mode: 'Mode',
      appointment: 'Appointment',
      complaint: 'Complaint',
      history: 'History and findings',
      diagnosis: 'Provisional diagnosis',
      investigations: 'Investigations advised',
      followUp: 'Follow-up',
      noRemedies: 'No remedies prescribed.',
      dosage: 'Dosage',
      frequency: 'Frequency',
      duration: 'Duration',
      instructions: 'Instructions',
      pharmacy: 'Pharmacy',
      signature: 'Signature',
      signatureWithNumber: (number) => `Signature (Reg. No. ${number})`,
      footer:
        'This prescription was issued after a consultation under the Telemedicine Practice Guidelines (2020) where the mode is online. Take remedies only as prescribed.',
    },
    receipt: {
      title: 'Receipt',
      receivedFrom: 'Received from',
      for: 'For',
      feeFor: (p) => `${p.type} consultation fee, appointment ${p.number} with ${p.doctor} on ${p.day} (${p.mode}), for ${p.patient}`,
      orderFor: (p) => `Pharmacy order for appointment ${p.number} with ${p.doctor} on ${p.day}, for ${p.patient}`,
      doctor: 'Doctor',
      doctorLine: (who, registration) => `${who}; registration: ${registration}`,
      number: 'Receipt number',
      date: 'Date',
      amountLabel: 'Amount',
      amount: (rupees) => `${rupees} received`,
      paid: 'Paid',
      inCash: 'in cash at the pharmacy',
      atCounter: 'at the clinic\'s counter',
      reference: 'Payment reference',
      refundReceipt: 'Refund receipt',
      refund: 'Refund',
      refundedOn: (rupees, when) => `${rupees} refunded on ${when}`,
      refundDue: (rupees) => `${rupees} due: the clinic owes it back`,
      net: 'Net amount',
      footer: 'Amounts in Indian rupees. This receipt is computer generated and needs no signature.',
      taxInvoice: 'Tax invoice',
      gstin: 'GSTIN',
      items: 'Items',
      itemLine: (p) => `${p.name}: ${p.quantity} x ${p.unitPrice} = ${p.amount}`,
      pickupAt: (location) => `Pickup at ${location}`,
      deliveredTo: (address) => `Home delivery to ${address}`,
      subtotal: 'Subtotal',
      tax: (percent) => `Tax (${percent} %)`,
      deliveryFee: 'Delivery fee',
      total: 'Total',
    },
  },
  hi: {
    typeNames: { Chat: 'चैट', Video: 'वीडियो कॉल', Call: 'फ़ोन कॉल', 'Clinic Visit': 'क्लिनिक में आकर' },
    genders: { male: 'पुरुष', female: 'महिला' },
    mode: { clinicVisit: 'क्लिनिक में आकर', clinicVisitAt: (place) => `क्लिनिक में आकर, ${place}`, online: (type) => `ऑनलाइन (${type})` },
    registration: (council, number) => [council, number].filter(Boolean).join(', रजि. नं. '),
    notOnRecord: 'दर्ज नहीं',
    prescription: {
      title: 'पर्चा',
      registration: 'रजिस्ट्रेशन',
      clinicContact: (phone, email) => `फ़ोन: ${phone} · ईमेल: ${email}`,
      contact: 'संपर्क',
      patient: 'मरीज़',
      ageGender: 'उम्र / लिंग',
      ageGenderValue: (age, gender) => `${age} साल / ${gender}`,
      bookedBy: 'बुक करने वाले',
      date: 'तारीख',
      mode: 'कंसल्टेशन का तरीका',
      appointment: 'अपॉइंटमेंट नंबर',
      complaint: 'तकलीफ़',
      history: 'इतिहास और जाँच के नतीजे',
      diagnosis: 'प्रारंभिक निदान',
      investigations: 'सुझाई गई जाँचें',
      followUp: 'फ़ॉलो-अप',
      noRemedies: 'कोई दवा नहीं लिखी गई।',
      dosage: 'ख़ुराक',
      frequency: 'कितनी बार',
      duration: 'कितने दिन',
      instructions: 'हिदायतें',
      pharmacy: 'फ़ार्मेसी',
      signature: 'हस्ताक्षर',
      signatureWithNumber: (number) => `हस्ताक्षर (रजि. नं. ${number})`,
      footer: 'ऑनलाइन कंसल्टेशन का यह पर्चा टेलीमेडिसिन प्रैक्टिस गाइडलाइंस (2020) के अनुसार दिया गया है। दवाइयाँ सिर्फ़ पर्चे में लिखे अनुसार ही लें।',
    },
    receipt: {
      title: 'रसीद',
      receivedFrom: 'किससे मिला',
      for: 'किस लिए',
      feeFor: (p) => `${p.doctor} के साथ ${p.day} को ${p.type} कंसल्टेशन की फ़ीस (${p.mode}), अपॉइंटमेंट ${p.number}, ${p.patient} के लिए`,
      orderFor: (p) => `${p.doctor} के साथ ${p.day} के अपॉइंटमेंट ${p.number} का फ़ार्मेसी ऑर्डर, ${p.patient} के लिए`,
      doctor: 'डॉक्टर',
      doctorLine: (who, registration) => `${who}; रजिस्ट्रेशन: ${registration}`,
      number: 'रसीद नंबर',
      date: 'तारीख',
      amountLabel: 'रकम',
      amount: (rupees) => `${rupees} मिले`,
      paid: 'पेमेंट',
      inCash: 'फ़ार्मेसी पर नकद',
      atCounter: 'क्लिनिक के काउंटर पर',
      reference: 'पेमेंट रेफ़रेंस',
      refundReceipt: 'वापसी की रसीद',
      refund: 'वापसी',
      refundedOn: (rupees, when) => `${rupees}, ${when} को वापस किए गए`,
      refundDue: (rupees) => `${rupees} बाकी: यह रकम क्लिनिक को वापस करनी है`,
      net: 'कुल रकम',
      footer: 'रकम भारतीय रुपयों में। यह रसीद कंप्यूटर से बनी है, इस पर हस्ताक्षर की ज़रूरत नहीं।',
      taxInvoice: 'टैक्स इनवॉइस',
      gstin: 'जीएसटीआईएन',
      items: 'दवाइयाँ',
      itemLine: (p) => `${p.name}: ${p.quantity} x ${p.unitPrice} = ${p.amount}`,
      pickupAt: (location) => `${location} से लेनी है`,
      deliveredTo: (address) => `घर पर डिलीवरी: ${address}`,
      subtotal: 'उप-योग',
      tax: (percent) => `टैक्स (${percent} %)`,
      deliveryFee: 'डिलीवरी शुल्क',
      total: 'कुल',
    },
  },
  mr: {
    typeNames: { Chat: 'चॅट', Video: 'व्हिडिओ कॉल', Call: 'फोन कॉल', 'Clinic Visit': 'क्लिनिकमध्ये येऊन' },
    genders: { male: 'पुरुष', female: 'स्त्री' },
    mode: { clinicVisit: 'क्लिनिकमध्ये येऊन', clinicVisitAt: (place) => `क्लिनिकमध्ये येऊन, ${place}`, online: (type) => `ऑनलाइन (${type})` },
    registration: (council, number) => [council, number].filter(Boolean).join(', नोंदणी क्र. '),
    notOnRecord: 'नोंद नाही',
    prescription: {
      title: 'प्रिस्क्रिप्शन',
      registration: 'नोंदणी',
      clinicContact: (phone, email) => `फोन: ${phone} · ईमेल: ${email}`,
      contact: 'संपर्क',
      patient: 'रुग्ण',
      ageGender: 'वय / लिंग',
      ageGenderValue: (age, gender) => `${age} वर्षे / ${gender}`,
      bookedBy: 'बुक करणारे',
      date: 'तारीख',
      mode: 'कन्सल्टेशनचा प्रकार',
      appointment: 'अपॉइंटमेंट क्रमांक',
      complaint: 'तक्रार',
      history: 'इतिहास व तपासणीतील निष्कर्ष',
      diagnosis: 'प्राथमिक निदान',
      investigations: 'सुचवलेल्या तपासण्या',
      followUp: 'फॉलो-अप',
      noRemedies: 'कोणतेही औषध लिहून दिलेले नाही.',
      dosage: 'डोस',
      frequency: 'किती वेळा',
      duration: 'किती दिवस',
      instructions: 'सूचना',
      pharmacy: 'फार्मसी',
      signature: 'स्वाक्षरी',
      signatureWithNumber: (number) => `स्वाक्षरी (नोंदणी क्र. ${number})`,
      footer: 'ऑनलाइन कन्सल्टेशनचे हे प्रिस्क्रिप्शन टेलिमेडिसिन प्रॅक्टिस गाइडलाइन्स (2020) नुसार दिले आहे. औषधे फक्त लिहून दिल्याप्रमाणेच घ्या.',
    },
    receipt: {
      title: 'पावती',
      receivedFrom: 'कोणाकडून मिळाले',
      for: 'कशासाठी',
      feeFor: (p) => `${p.doctor} यांच्याशी ${p.day} रोजी ${p.type} कन्सल्टेशनची फी (${p.mode}), अपॉइंटमेंट ${p.number}, ${p.patient} यांच्यासाठी`,
      orderFor: (p) => `${p.doctor} यांच्याशी ${p.day} रोजीच्या अपॉइंटमेंट ${p.number} ची फार्मसी ऑर्डर, ${p.patient} यांच्यासाठी`,
      doctor: 'डॉक्टर',
      doctorLine: (who, registration) => `${who}; नोंदणी: ${registration}`,
      number: 'पावती क्रमांक',
      date: 'तारीख',
      amountLabel: 'रक्कम',
      amount: (rupees) => `${rupees} मिळाले`,
      paid: 'पेमेंट',
      inCash: 'फार्मसीमध्ये रोख',
      atCounter: 'क्लिनिकच्या काउंटरवर',
      reference: 'पेमेंट संदर्भ',
      refundReceipt: 'परताव्याची पावती',
      refund: 'परतावा',
      refundedOn: (rupees, when) => `${rupees}, ${when} रोजी परत केले`,
      refundDue: (rupees) => `${rupees} देणे बाकी: क्लिनिकला ही रक्कम परत करायची आहे`,
      net: 'निव्वळ रक्कम',
      footer: 'रक्कम भारतीय रुपयांमध्ये. ही पावती संगणकाने तयार केली आहे, तिच्यावर स्वाक्षरीची गरज नाही.',
      taxInvoice: 'कर बीजक',
      gstin: 'जीएसटीआयएन',
      items: 'औषधे',
      itemLine: (p) => `${p.name}: ${p.quantity} x ${p.unitPrice} = ${p.amount}`,
      pickupAt: (location) => `${location} येथून घ्यायची`,
      deliveredTo: (address) => `घरपोच डिलिव्हरी: ${address}`,
      subtotal: 'उप-बेरीज',
      tax: (percent) => `कर (${percent} %)`,
      deliveryFee: 'डिलिव्हरी शुल्क',
      total: 'एकूण',
    },
  },
};
