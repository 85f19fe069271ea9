/**
 * Every page's copy that is translated, for the checks that each language has all of
 * it (tests/unit/catalogLanguages.test.ts, `npm run i18n:missing`). Not imported by the app.
 */
import { about } from './about';
import { gallery } from './gallery';
import { legal } from './legal';
import { contact } from './locations';
import { treatments } from './treatments';

export const pageCopies = { treatments, about, contact, gallery, legal } as const;
