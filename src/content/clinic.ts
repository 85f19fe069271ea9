/**
 * The clinic's fixed details that every page shows (header, footer): name, contact, social pages.
 * Hours and addresses, which only the contact page shows, are in ./locations.ts.
 */

export const clinic = {
  name: 'Sahaj Homeopathy Clinic',
  city: 'Pune',
  phone: { display: '+91 20 4000 1234', href: 'tel:+912040001234' },
  email: 'care@sahaj-clinic.example',
  copyrightYear: 2024,
} as const;

export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'youtube' | 'linkedin';

export const socialPages: ReadonlyArray<{ network: SocialNetwork; href: string }> = [
  { network: 'facebook', href: 'https://www.facebook.com/sahajhomeopathy' },
  { network: 'instagram', href: 'https://www.instagram.com/sahajhomeopathy' },
  { network: 'x', href: 'https://x.com/sahajhomeopathy' },
  { network: 'youtube', href: 'https://www.youtube.com/@sahajhomeopathy' },
  { network: 'linkedin', href: 'https://www.linkedin.com/company/sahajhomeopathy' },
];
