/**
 * The server's own messages that are not the spec's, in Hindi and Marathi
 * (src/i18n/hi|mr/server.ts, applied by src/api/client.ts): every patient-facing message object of
 * the services is walked, so a new message the tables lack fails here; the spec's messages stay
 * English word for word; numbers in a message are kept.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../server/services/accounts';
import { appointmentMessages, bookingMessages } from '../../server/services/appointments';
import { chatMessages } from '../../server/services/chat';
import { consultationMessages } from '../../server/services/consultations';
import { otpMessages } from '../../server/services/otp';
import { paymentMessages } from '../../server/services/payments';
import { peopleMessages } from '../../server/services/people';
import { recordMessages } from '../../server/services/records';
import { sessionMessages } from '../../server/services/sessions';
import { passwordProblem } from '../../server/security/passwordPolicy';
import { en, loadCatalog } from '../../src/i18n/messages';

const devanagari = /[\u0900-\u097F]/;
const specWords = new Set(Object.values(en.spec).filter((v): v is string => typeof v === 'string'));

/** Every message a patient can be answered with, functions called with a sample wait. */
const patientFacing = [
  accountMessages,
  appointmentMessages,
  bookingMessages,
  chatMessages,
  consultationMessages,
  otpMessages,
  paymentMessages,
  peopleMessages,
  recordMessages,
  sessionMessages,
].flatMap((group) => Object.values(group).map((m) => (typeof m === 'function' ? (m as (wait: string) => string)('12 minutes') : (m as string))));

describe.each(['hi', 'mr'] as const)("the server's words in %s", (language) => {
  it('translates every non-spec message of the services, keeping numbers; the spec messages stay English', async () => {
    const catalog = await loadCatalog(language);
    for (const words of patientFacing) {
      const shown = catalog.serverWords(words);
      if (specWords.has(words)) {
        expect(shown, words).toBe(words);
        continue;
      }
      expect(shown, words).toMatch(devanagari);
      for (const n of words.match(/\d+/g) ?? []) expect(shown, `${words} keeps ${n}`).toContain(n);
    }
  });

  it("translates the password rule's refusals, message and field alike", async () => {
    const catalog = await loadCatalog(language);
    const owner = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: '9876543210' };
    for (const password of ['short', 'password123', 'AshaVerma2026']) {
      const refusal = await passwordProblem(password, owner);
      expect(refusal, password).not.toBeNull();
      expect(catalog.serverWords(refusal!.message), password).toMatch(devanagari);
      expect(catalog.account.fieldProblem(refusal!.error.message), password).toMatch(devanagari);
    }
  });

  it('shows a message it does not know as it came', async () => {
    const catalog = await loadCatalog(language);
    expect(catalog.serverWords('Something new from the server.')).toBe('Something new from the server.');
  });
});
