/**
 * The web app manifests, one per language of the site (en, hi, mr): the same app (one `id`, start
 * URL, icons and colours) under its name in that language. scripts/vite/webManifests.ts writes
 * them as /manifest.<lang>.webmanifest at build time; index.html names the English one and
 * src/pwa/start.ts points `<link rel="manifest">` at the one of the language in use
 * (`<html lang>`), so an install from a Hindi page is named in Hindi. docs/app.md.
 */

export const manifestLanguages = ['en', 'hi', 'mr'] as const;
export type ManifestLanguage = (typeof manifestLanguages)[number];

export const themeColor = '#1f6f5c';
export const backgroundColor = '#ffffff';

const names: Record<ManifestLanguage, { name: string; short_name: string; description: string; lang: string }> = {
  en: {
    name: 'Sahaj Homeopathy Clinic',
    short_name: 'Sahaj Clinic',
    description: 'Book and see your appointments, prescriptions and remedies at Sahaj Homeopathy Clinic, Pune.',
    lang: 'en-IN',
  },
  hi: {
    name: 'सहज होम्योपैथी क्लिनिक',
    short_name: 'सहज क्लिनिक',
    description: 'सहज होम्योपैथी क्लिनिक, पुणे: अपॉइंटमेंट बुक करें, अपनी अपॉइंटमेंट, पर्चे और दवाइयाँ देखें।',
    lang: 'hi-IN',
  },
  mr: {
    name: 'सहज होमिओपॅथी क्लिनिक',
    short_name: 'सहज क्लिनिक',
    description: 'सहज होमिओपॅथी क्लिनिक, पुणे: अपॉइंटमेंट बुक करा, तुमच्या अपॉइंटमेंट, प्रिस्क्रिप्शन आणि औषधे पाहा.',
    lang: 'mr-IN',
  },
};

/** The file a language's manifest is served as. */
export const manifestPath = (language: ManifestLanguage): string => `/manifest.${language}.webmanifest`;

export function webManifest(language: ManifestLanguage): Record<string, unknown> {
  return {
    // One app whatever the language it was installed in.
    id: '/',
    ...names[language],
    dir: 'ltr',
    start_url: '/?source=app',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: themeColor,
    background_color: backgroundColor,
    categories: ['health', 'medical'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
