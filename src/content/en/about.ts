/**
 * English: About us' copy. ../hi/about.ts and ../mr/about.ts take its image and translate the
 * words; ../about.ts serves the three to the page.
 */
import type { Picture } from '../home';

/** The page's copy, whatever the language: the same image, other words. */
export interface AboutCopy {
  readonly title: string;
  readonly lead: string;
  readonly image: Picture;
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
  readonly valuesHeading: string;
  readonly values: ReadonlyArray<{ readonly title: string; readonly text: string }>;
}

export const about: AboutCopy = {
  title: 'About us',
  lead: 'Sahaj Homeopathy Clinic has cared for families in Pune for twenty years, with four clinics and online consultations.',
  image: {
    src: '/media/home/about-clinic.svg',
    alt: 'The reception of a Sahaj clinic, with plants, a bench and a front desk',
    width: 600,
    height: 450,
  },
  sections: [
    {
      heading: 'Our story',
      paragraphs: [
        'Dr. Meera Kulkarni opened the first Sahaj clinic in a single room on Paud Road, Kothrud, in 2004. Word spread among families who wanted time with their doctor, and clear answers.',
        'Today six doctors, a pharmacist and a patient care team work from Kothrud, Aundh, Viman Nagar and Hadapsar, and see patients by video, call and chat when travelling is hard.',
      ],
    },
    {
      heading: 'How we practise',
      paragraphs: [
        'Every patient’s first consultation is long: we ask about the complaint, and also about sleep, food, mood, family history and what makes things better or worse. Every doctor follows the same case-taking protocol, so a colleague can pick up your care if needed.',
        'We prescribe one remedy at a time, prepared in our own dispensary, and review progress regularly. If a complaint is not improving, or needs tests or a specialist, we tell you plainly and refer you on.',
      ],
    },
    {
      heading: 'Alongside conventional medicine',
      paragraphs: [
        'Homeopathy is a complement to conventional care, not a replacement for it. We never ask patients to stop a medicine another doctor has prescribed, and we are glad to speak with your family doctor or specialist.',
        'We do not treat emergencies. For chest pain, difficulty breathing, injuries, a high fever in an infant or any sudden serious illness, go to the nearest hospital or call 112.',
      ],
    },
  ],
  valuesHeading: 'What you can expect from us',
  values: [
    { title: 'Time', text: 'Consultations that are not rushed, and doctors who remember your history.' },
    { title: 'Honesty', text: 'No promises of miracle cures; a clear view of what homeopathy can and cannot do.' },
    { title: 'Privacy', text: 'Your records are kept confidential and used only for your care.' },
    { title: 'Access', text: 'Clinics across Pune, evening hours, and consultations by video, call or chat.' },
  ],
};
