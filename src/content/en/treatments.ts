/**
 * English: Our Treatments' copy, one section per category, each with an id the home cards link to.
 * ../hi/treatments.ts and ../mr/treatments.ts take its ids and images and translate the words;
 * ../treatments.ts serves the three to the page.
 */
import type { Picture, TreatmentId } from '../home';

export interface TreatmentSection {
  readonly id: TreatmentId;
  readonly title: string;
  readonly intro: string;
  readonly conditions: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  readonly howWeHelp: readonly string[];
  readonly seeADoctor: string;
  readonly image: Picture;
}

const treatmentsPage = {
  title: 'Our Treatments',
  intro: [
    'Homeopathy suits long-standing, recurring complaints best, where a careful history and patient follow-up make the difference. Below are the conditions our doctors see most often.',
    'Every treatment starts with a consultation. Results differ from person to person and we do not promise a cure; we promise to listen, to explain, and to tell you honestly how you are doing.',
  ],
  alongsideHeading: 'Alongside your regular care',
  alongside:
    'Please keep taking any medicine your doctor has prescribed, and tell us about it. Bring recent reports to your visit. We are happy to speak with your family doctor, dermatologist or gynaecologist.',
  sectionsNavLabel: 'Treatment categories',
  conditionsHeading: 'Conditions we often see',
  howWeHelpHeading: 'How we work',
  seeADoctorHeading: 'When to see a doctor urgently',
} as const;

const treatmentSections: readonly TreatmentSection[] = [
  {
    id: 'skin',
    title: 'Skin care',
    intro:
      'Skin complaints often come and go with seasons, stress and diet. We look at those patterns as carefully as at the skin itself.',
    conditions: [
      { name: 'Eczema and dermatitis', text: 'Dry, itchy patches on hands, face or behind the knees, in children and adults.' },
      { name: 'Psoriasis', text: 'Scaly plaques on the scalp, elbows or knees that flare in winter or under stress.' },
      { name: 'Acne', text: 'Teenage and adult acne, including flare-ups around the menstrual cycle.' },
      { name: 'Urticaria (hives)', text: 'Itchy raised rashes that appear and fade, often with no clear trigger.' },
      { name: 'Warts and corns', text: 'Common, plantar and flat warts, including those that return after removal.' },
      { name: 'Hair fall and dandruff', text: 'Thinning hair, patchy hair loss and a flaky, itchy scalp.' },
    ],
    howWeHelp: [
      'We photograph affected areas at the first visit, with your consent, to judge progress fairly.',
      'We suggest simple skin care, such as mild soaps and moisturisers, that sits well with the remedies.',
      'Follow-ups every three to four weeks at first; most chronic skin complaints need several months.',
    ],
    seeADoctor:
      'A rash with high fever, blistering over large areas, swelling of the lips or face, or difficulty breathing needs a hospital at once.',
    image: {
      src: '/media/treatments/skin.svg',
      alt: 'Illustration of a calm face with a leaf, for skin care',
      width: 400,
      height: 300,
    },
  },
  {
    id: 'female',
    title: 'Women’s health',
    intro:
      'Our women’s health clinic is led by Dr. Sneha Joshi and works alongside your gynaecologist, never in place of one.',
    conditions: [
      { name: 'PCOS', text: 'Irregular cycles, acne and weight changes, together with diet and exercise advice.' },
      { name: 'Period pain and irregular periods', text: 'Painful, heavy or unpredictable cycles once a gynaecologist has ruled out other causes.' },
      { name: 'Thyroid conditions', text: 'Support for how you feel, while you continue the thyroid medicine and tests your doctor advises.' },
      { name: 'Pregnancy and after', text: 'Nausea, tiredness and sleep in pregnancy, and recovery after birth, with your obstetrician’s knowledge.' },
      { name: 'Menopause', text: 'Hot flushes, sleep trouble and mood changes around menopause.' },
      { name: 'Recurring urinary infections', text: 'Between infections, once an acute infection has been treated by your doctor.' },
    ],
    howWeHelp: [
      'Consultations are private; you are welcome to bring someone with you, or to see a woman doctor.',
      'We ask for your recent scans and blood reports so that our advice fits what your gynaecologist knows.',
      'We track cycles, symptoms and reports over months, and share notes with your doctor if you wish.',
    ],
    seeADoctor:
      'Heavy bleeding, severe abdominal pain, bleeding in pregnancy or reduced baby movements need a hospital at once.',
    image: {
      src: '/media/treatments/female.svg',
      alt: 'Illustration of a woman with a lotus, for women’s health',
      width: 400,
      height: 300,
    },
  },
  {
    id: 'general',
    title: 'General health',
    intro:
      'Everyday complaints that keep returning are where many families first try homeopathy with us, for adults and children alike.',
    conditions: [
      { name: 'Allergies', text: 'Allergic rhinitis, sneezing and itchy eyes that return every season.' },
      { name: 'Recurring colds and coughs', text: 'Children and adults who catch every infection going around.' },
      { name: 'Migraine and headaches', text: 'Frequent headaches, after your doctor has checked for other causes.' },
      { name: 'Acidity and digestion', text: 'Acidity, bloating, constipation and irritable bowel complaints.' },
      { name: 'Sleep and stress', text: 'Poor sleep, worry and exam or work stress, together with simple routines that help.' },
      { name: 'Joint pain', text: 'Stiffness and pain in knees, back and neck, alongside physiotherapy where needed.' },
    ],
    howWeHelp: [
      'Remedies for children come as small sweet pills or drops that are easy to give.',
      'We keep a record of each episode so that we can see whether they become fewer and milder.',
      'Online consultations by video, call or chat suit follow-ups for busy families.',
    ],
    seeADoctor:
      'Chest pain, breathlessness, a high fever in a baby under three months, fits, or a sudden severe headache need a hospital at once.',
    image: {
      src: '/media/treatments/general.svg',
      alt: 'Illustration of a stethoscope around a heart, for general health',
      width: 400,
      height: 300,
    },
  },
];

/** The page's copy, whatever the language: the same ids and images, other words. */
export interface TreatmentsCopy {
  readonly page: {
    readonly title: string;
    readonly intro: readonly string[];
    readonly alongsideHeading: string;
    readonly alongside: string;
    readonly sectionsNavLabel: string;
    readonly conditionsHeading: string;
    readonly howWeHelpHeading: string;
    readonly seeADoctorHeading: string;
  };
  readonly sections: readonly TreatmentSection[];
}

export const treatments: TreatmentsCopy = { page: treatmentsPage, sections: treatmentSections };
