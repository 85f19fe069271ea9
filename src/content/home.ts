/**
 * Copy and media of the home page. Images are local SVG illustrations under public/media.
 * English here; हिन्दी and मराठी in ./hi/home.ts and ./mr/home.ts, loaded with their catalogs,
 * and put in use through `homeContent` (the home page reads `useHomeContent()`).
 */
import { createCatalog, useCatalog } from '../i18n/catalog';

export interface Picture {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export const heroIntro = {
  title: 'Homeopathy for the whole family, across Pune',
  lead: 'Careful consultations for skin, women’s health and everyday complaints, at four clinics and online, always alongside your regular medical care.',
} as const;

export interface HeroSlide {
  readonly id: string;
  readonly heading: string;
  readonly text: string;
  readonly image: Picture;
}

export const heroSlides: readonly HeroSlide[] = [
  {
    id: 'consultation',
    heading: 'Unhurried consultations, in Pune and online',
    text: 'Your first visit takes about an hour: we listen to the whole story, not only the complaint.',
    image: {
      src: '/media/home/hero-consultation.svg',
      alt: 'A doctor and a patient talking across a desk in a bright consulting room',
      width: 1200,
      height: 600,
    },
  },
  {
    id: 'remedies',
    heading: 'Remedies prepared in our own dispensary',
    text: 'Our pharmacist explains every remedy, its dose and how to store it before you leave.',
    image: {
      src: '/media/home/hero-remedies.svg',
      alt: 'Small glass remedy bottles beside sprigs of calendula and arnica',
      width: 1200,
      height: 600,
    },
  },
  {
    id: 'family',
    heading: 'Care for the whole family',
    text: 'From a child’s recurring colds to a grandparent’s joint pain, alongside your family doctor.',
    image: {
      src: '/media/home/hero-family.svg',
      alt: 'A family of four, a grandparent, two parents and a child, in a garden',
      width: 1200,
      height: 600,
    },
  },
];

export const about = {
  heading: 'About Sahaj',
  paragraphs: [
    'Sahaj means natural, easy. Since 2004 our doctors have practised classical homeopathy in Pune, first from one room in Kothrud and now from four clinics across the city, with video, call and chat consultations for patients who cannot travel.',
    'We take a detailed case history, choose one remedy at a time and follow up regularly. We work alongside your family doctor and specialists: we never ask you to stop a medicine you have been prescribed, and we tell you plainly when a problem needs a hospital rather than us.',
  ],
  image: {
    src: '/media/home/about-clinic.svg',
    alt: 'The reception of a Sahaj clinic, with plants, a bench and a front desk',
    width: 600,
    height: 450,
  } satisfies Picture,
  linkText: 'More about us',
} as const;

export type TreatmentId = 'skin' | 'female' | 'general';

export interface TreatmentCard {
  readonly id: TreatmentId;
  readonly title: string;
  readonly text: string;
  readonly image: Picture;
}

export const treatmentCards: readonly TreatmentCard[] = [
  {
    id: 'skin',
    title: 'Skin care',
    text: 'Eczema, psoriasis, acne, urticaria, warts and hair fall: skin complaints that keep coming back.',
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
    text: 'PCOS, painful or irregular periods, thyroid conditions, pregnancy support and menopause.',
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
    text: 'Allergies, colds and coughs, migraine, acidity, sleep and stress, for children and adults.',
    image: {
      src: '/media/treatments/general.svg',
      alt: 'Illustration of a stethoscope around a heart, for general health',
      width: 400,
      height: 300,
    },
  },
];

export const doctorPromo = {
  heading: 'Meet Dr. Meera Kulkarni',
  role: 'Founder and chief homeopath, BHMS, MD (Homeopathy)',
  text: 'Twenty years of practice with eczema, psoriasis, acne and hair fall. Dr. Meera consults at Kothrud and Aundh, and leads the case-taking protocol every Sahaj doctor follows.',
  cta: 'Book Appointment',
  image: {
    src: '/media/team/meera-kulkarni.svg',
    alt: 'Portrait illustration of Dr. Meera Kulkarni',
    width: 320,
    height: 320,
  } satisfies Picture,
} as const;

export const whyHomeopathy = {
  heading: 'Why homeopathy, and how we practise it',
  points: [
    {
      title: 'The whole person',
      text: 'We ask about sleep, appetite, mood and history as well as the complaint, so the remedy fits you.',
    },
    {
      title: 'Gentle remedies',
      text: 'Remedies are given in small doses and are easy to take, for children and older people too.',
    },
    {
      title: 'Alongside your regular care',
      text: 'Homeopathy is a complement to conventional medicine, not a replacement. Keep taking what your doctor prescribed.',
    },
    {
      title: 'Honest follow-up',
      text: 'We review progress every few weeks. If things are not improving, we say so and refer you on.',
    },
  ],
  emergencyNote:
    'Homeopathy is not emergency care. For chest pain, breathing difficulty, high fever in an infant, injury or any sudden serious illness, go to the nearest hospital or call 112.',
} as const;

export interface InsightVideo {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly src: string;
  readonly poster: string;
}

export const insightVideos: readonly InsightVideo[] = [
  {
    id: 'first-visit',
    title: 'What happens at your first consultation',
    text: 'Dr. Meera walks through the questions we ask and why the first visit takes longer.',
    src: '/media/insights/first-visit.webm',
    poster: '/media/insights/first-visit.svg',
  },
  {
    id: 'taking-remedies',
    title: 'How to take and store your remedies',
    text: 'Our pharmacist Prakash on timing, food and keeping remedies away from strong smells.',
    src: '/media/insights/taking-remedies.webm',
    poster: '/media/insights/taking-remedies.svg',
  },
  {
    id: 'alongside-care',
    title: 'Homeopathy alongside your regular treatment',
    text: 'Dr. Arjun on why we never ask you to stop prescribed medicines, and when to see a hospital.',
    src: '/media/insights/alongside-care.webm',
    poster: '/media/insights/alongside-care.svg',
  },
];

/** The home page's copy, whatever the language: the same images, ids and files, other words. */
export interface HomeContent {
  readonly heroIntro: { readonly title: string; readonly lead: string };
  readonly heroSlides: readonly HeroSlide[];
  readonly about: { readonly heading: string; readonly paragraphs: readonly string[]; readonly image: Picture; readonly linkText: string };
  readonly treatmentCards: readonly TreatmentCard[];
  readonly doctorPromo: { readonly heading: string; readonly role: string; readonly text: string; readonly cta: string; readonly image: Picture };
  readonly whyHomeopathy: {
    readonly heading: string;
    readonly points: readonly { readonly title: string; readonly text: string }[];
    readonly emergencyNote: string;
  };
  readonly insightVideos: readonly InsightVideo[];
}

export const homeEnglish: HomeContent = { heroIntro, heroSlides, about, treatmentCards, doctorPromo, whyHomeopathy, insightVideos };

/** The home page's copy in use: English until a language's is set (src/i18n/languageChoice.ts). */
export const homeContent = createCatalog<HomeContent>(homeEnglish);

/** The home page's copy in the language in use; the page renders again when it changes. */
export const useHomeContent = (): HomeContent => useCatalog(homeContent);
