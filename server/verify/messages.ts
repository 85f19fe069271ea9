/** The verify page's refusals (codes `verify.*`; the catalogs word them). */
import { defineMessages, minutesOf, withParams } from '../services/messageCodes.js';

export const verifyMessages = defineMessages('verify', {
  tooManyLookUps: withParams(
    (wait: string) => `Too many prescriptions checked from this address. Please try again in ${wait}.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
});
