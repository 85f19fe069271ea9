/**
 * हिन्दी: the gallery's before/after pairs (mirrors ../en/gallery.ts; ids and images as in English,
 * titles and alternative texts translated). Its own chunk, loaded with the page in Hindi.
 */
import { beforeAfter as en, type BeforeAfter } from '../en/gallery';

const [eczema, acne, psoriasis] = en;

export const beforeAfter: readonly BeforeAfter[] = [
  {
    ...eczema!,
    title: 'हाथ के ऊपरी हिस्से पर एक्ज़िमा',
    duration: 'लगभग छह महीने का इलाज',
    before: { ...eczema!.before, alt: 'एक्ज़िमा के लाल, सूखे, फटे चकत्तों वाले हाथ का चित्र' },
    after: { ...eczema!.after, alt: 'उसी हाथ का चित्र, साफ़ और एक जैसी त्वचा के साथ' },
  },
  {
    ...acne!,
    title: 'गाल पर मुँहासे',
    duration: 'लगभग चार महीने का इलाज',
    before: { ...acne!.before, alt: 'बहुत से लाल मुँहासों वाले गाल का चित्र' },
    after: { ...acne!.after, alt: 'उसी गाल का चित्र, बस कुछ हल्के निशान' },
  },
  {
    ...psoriasis!,
    title: 'कोहनी पर सोरायसिस',
    duration: 'लगभग नौ महीने का इलाज',
    before: { ...psoriasis!.before, alt: 'मोटे, पपड़ीदार चकत्ते वाली कोहनी का चित्र' },
    after: { ...psoriasis!.after, alt: 'उसी कोहनी का चित्र, बस एक छोटा, हल्का गुलाबी धब्बा' },
  },
];
