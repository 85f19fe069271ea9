/**
 * मराठी: the gallery's before/after pairs (mirrors ../en/gallery.ts; ids and images as in English,
 * titles and alternative texts translated). Its own chunk, loaded with the page in Marathi.
 */
import { beforeAfter as en, type BeforeAfter } from '../en/gallery';

const [eczema, acne, psoriasis] = en;

export const beforeAfter: readonly BeforeAfter[] = [
  {
    ...eczema!,
    title: 'हाताच्या मागच्या बाजूचे इसब (एक्झिमा)',
    duration: 'साधारण सहा महिन्यांचे उपचार',
    before: { ...eczema!.before, alt: 'इसबाचे लाल, कोरडे, भेगा पडलेले चट्टे असलेल्या हाताचे चित्र' },
    after: { ...eczema!.after, alt: 'त्याच हाताचे चित्र, त्वचा स्वच्छ आणि एकसारखी' },
  },
  {
    ...acne!,
    title: 'गालावरची मुरुमे',
    duration: 'साधारण चार महिन्यांचे उपचार',
    before: { ...acne!.before, alt: 'खूप लाल मुरुमे असलेल्या गालाचे चित्र' },
    after: { ...acne!.after, alt: 'त्याच गालाचे चित्र, फक्त काही फिकट डाग' },
  },
  {
    ...psoriasis!,
    title: 'कोपरावरचा सोरायसिस',
    duration: 'साधारण नऊ महिन्यांचे उपचार',
    before: { ...psoriasis!.before, alt: 'जाड, खपल्यांचा चट्टा असलेल्या कोपराचे चित्र' },
    after: { ...psoriasis!.after, alt: 'त्याच कोपराचे चित्र, फक्त एक लहान, फिकट गुलाबी डाग' },
  },
];
