/**
 * English: the Terms of Service and the Privacy Policy (spec §2, §9: dated 11/03/2025), the text
 * that binds. ../hi/legal.ts and ../mr/legal.ts translate them section by section; ../legal.ts
 * serves the three to the legal pages.
 */
import { clinic } from '../clinic';

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly items?: readonly string[];
}

export interface LegalDocument {
  readonly title: string;
  readonly date: string;
  readonly intro: readonly string[];
  readonly sections: readonly LegalSection[];
}

export const legalDate = '11/03/2025';

const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  date: legalDate,
  intro: [
    `These terms apply when you use the website of ${clinic.name} ("we", "us") or book, attend or pay for a consultation with us. By using the site or booking an appointment you agree to them.`,
  ],
  sections: [
    {
      heading: '1. Our services',
      paragraphs: [
        'We offer homeopathic consultations at our clinics in Kothrud, Aundh, Viman Nagar and Hadapsar, Pune, and online by chat, video and call, and we dispense the remedies our doctors prescribe.',
        'Homeopathy is a complement to conventional medical care, not a replacement for it. Do not stop or change any medicine prescribed by another doctor without speaking to that doctor. Results differ from person to person and we do not guarantee any particular outcome.',
      ],
    },
    {
      heading: '2. Not for emergencies',
      paragraphs: [
        'Our website, our online consultations and our clinics are not an emergency service. If you or someone near you is seriously unwell, go to the nearest hospital or call 112.',
      ],
    },
    {
      heading: '3. Your account',
      items: [
        'Give accurate details when you register or book, including your age and phone number, so the doctor can care for you safely.',
        'Keep your password to yourself. You are responsible for what is done with your account; tell us at once if you think someone else has used it.',
        'If you book for a child or another person, you confirm that you may act for them.',
      ],
    },
    {
      heading: '4. Appointments and fees',
      items: [
        'The fee for each type of consultation (Chat, Video, Call, Clinic Visit) is shown before you pay. An appointment is confirmed only once its fee has been paid.',
        'You can change the date or time of a booked appointment from My Appointment, subject to the doctor’s availability.',
        'Please join or arrive on time. If you miss an appointment, it is marked expired; you may move it to a new date and time.',
      ],
    },
    {
      heading: '5. Cancellations and refunds',
      items: [
        'You may cancel a booked appointment from My Appointment. Cancelled early enough, its fee is refunded to the original payment method: the clinic’s rule is up to 24 hours before the start, and before you confirm, the cancel question tells you whether your fee will be refunded. Cancelled later, your appointment fee will not be refunded.',
        'No refund is given once a paid appointment has been completed.',
        'If we have to cancel an appointment ourselves, for example because a doctor is unwell, we will offer you another time with the same or another doctor, or refund the fee in full to the original payment method.',
        'Payments for remedies (pharmacy orders) are for medicines prepared for you and are not refundable once dispensed.',
      ],
    },
    {
      heading: '6. Online consultations',
      paragraphs: [
        'For chat, video and call consultations, use a private place and a reliable connection. The doctor may ask you to come to a clinic if a condition needs to be seen in person, or refer you to a hospital or specialist.',
      ],
    },
    {
      heading: '7. Payments',
      paragraphs: [
        'Online payments are processed by our payment provider. We do not see or store your card or bank details. An appointment is marked paid only after the provider confirms the payment to us.',
      ],
    },
    {
      heading: '8. Use of the website',
      items: [
        'Do not misuse the site, try to reach other people’s information, or interfere with its working.',
        'The text, illustrations and videos on this site belong to us; you may share links to them but not copy them for commercial use.',
        'Information on the site is general and is not medical advice for your particular situation.',
      ],
    },
    {
      heading: '9. Liability',
      paragraphs: [
        'We take care in our consultations and on this site, but to the extent the law allows we are not liable for indirect losses, or for problems caused by interruptions of the site or of services outside our control. Nothing in these terms limits rights you have under the Consumer Protection Act, 2019.',
      ],
    },
    {
      heading: '10. Changes and governing law',
      paragraphs: [
        'We may update these terms; the date at the top shows the latest version. These terms are governed by the laws of India, and the courts at Pune have jurisdiction.',
        `Questions about these terms: write to ${clinic.email} or call ${clinic.phone.display}.`,
      ],
    },
  ],
};

const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  date: legalDate,
  intro: [
    `This policy explains how ${clinic.name}, Paud Road, Kothrud, Pune 411038, handles your personal data. Under the Digital Personal Data Protection Act, 2023 ("DPDP Act") we are the data fiduciary for the personal data described here, and you are the data principal.`,
  ],
  sections: [
    {
      heading: '1. What we collect',
      items: [
        'Account details: first and last name, email address, phone number, age, gender and a password (stored only as a secure hash).',
        'Appointment details: the clinic location, doctor, consultation type, date and time, and payment status.',
        'Health information you share with our doctors: your complaints, history, reports and the remedies prescribed.',
        'Payment references from our payment provider. We never receive your card or bank details.',
        'Basic technical data needed to run the site securely, such as the time of a request. We do not use advertising or tracking cookies.',
      ],
    },
    {
      heading: '2. Why we use it',
      items: [
        'To book, remind you of, hold and follow up your consultations.',
        'To prepare and dispense your remedies and take payment for consultations and orders.',
        'To send one-time codes that verify your email address and protect your account.',
        'To keep medical records, as Indian law and good medical practice require.',
        'To answer your questions and complaints.',
      ],
      paragraphs: ['We do not sell your personal data and we do not use it for marketing without your separate consent.'],
    },
    {
      heading: '3. Consent',
      paragraphs: [
        'We process your personal data on the basis of the consent you give when you register, book or share information with a doctor, and for the legitimate uses the DPDP Act allows, such as complying with law or responding to a medical emergency.',
        `You may withdraw your consent at any time by writing to ${clinic.email}. Withdrawing consent does not affect what was done before, and we may need to keep some records that the law requires us to keep (see Retention). Without some data we cannot book or provide consultations.`,
      ],
    },
    {
      heading: '4. Children',
      paragraphs: [
        'For a patient under 18, we process personal data only with the verifiable consent of a parent or lawful guardian, who books and attends with the child.',
      ],
    },
    {
      heading: '5. Who we share it with',
      items: [
        'Our doctors, pharmacist and patient care team, only as far as your care needs.',
        'Service providers who process data on our behalf under contract: our payment provider, our email provider and our hosting provider.',
        'Other doctors or hospitals, only with your consent or in an emergency.',
        'Authorities, when the law requires it.',
      ],
    },
    {
      heading: '6. Retention',
      paragraphs: [
        'We keep your medical and appointment records for at least three years after your last consultation, as medical record rules require, and then erase them unless you ask us to keep them. We erase account data within 90 days of your request to close your account, except records we must keep by law. Payment records are kept for eight years for tax purposes.',
      ],
    },
    {
      heading: '7. Your rights as a data principal',
      items: [
        'To get a summary of the personal data we hold about you and of how we use it, and the names of those we have shared it with.',
        'To have inaccurate or incomplete data corrected and updated, and data we no longer need erased.',
        'To withdraw consent, as easily as you gave it.',
        'To nominate another person to exercise your rights if you die or are unable to do so.',
        'To have your grievance answered by our grievance officer, and then, if you are not satisfied, to complain to the Data Protection Board of India.',
      ],
      paragraphs: ['We will answer a request within 30 days. We may ask you to confirm who you are first.'],
    },
    {
      heading: '8. Security and breaches',
      paragraphs: [
        'We use reasonable security safeguards: encrypted connections, hashed passwords, restricted staff access and regular backups. If a personal data breach occurs, we will inform you and the Data Protection Board of India as the DPDP Act requires.',
      ],
    },
    {
      heading: '9. Grievance officer',
      paragraphs: [
        `Anjali Shinde, Grievance Officer, ${clinic.name}, 2nd floor, Shantiniketan Arcade, Paud Road, Kothrud, Pune 411038. Email: ${clinic.email} (subject "Privacy"). Phone: ${clinic.phone.display}, Monday to Saturday, clinic hours.`,
      ],
    },
    {
      heading: '10. Changes to this policy',
      paragraphs: [
        'We will post any change on this page with a new date, and tell registered patients by email about significant changes.',
      ],
    },
  ],
};

/** Both documents in one language, and (translations only) the note that the English text binds. */
export interface LegalCopy {
  readonly terms: LegalDocument;
  readonly privacy: LegalDocument;
  /** Null in English; in a translation, shown above each document with a link to the English. */
  readonly englishBinds: { readonly text: string; readonly link: string } | null;
}

export const legal: LegalCopy = { terms: termsOfService, privacy: privacyPolicy, englishBinds: null };
