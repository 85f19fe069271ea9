/**
 * The server's refusals that are not the spec's, in Hindi and Marathi, by their stable code
 * (src/i18n/hi|mr/server.ts, applied by src/api/client.ts): every patient-facing message object of
 * the services is walked, so a new message whose code the tables lack fails here; the spec's
 * messages stay English word for word; the values a message was made from are kept.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../server/services/accounts';
import { appointmentMessages, bookingMessages } from '../../server/services/appointments';
import { chatMessages } from '../../server/services/chat';
import { consultationMessages } from '../../server/services/consultations';
import { videoMessages } from '../../server/services/video';
import { otpMessages } from '../../server/services/otp';
import { paymentMessages } from '../../server/services/payments';
import { peopleMessages } from '../../server/services/people';
import { recordMessages } from '../../server/services/records';
import { horizonMessages } from '../../server/services/schedule';
import { sessionMessages } from '../../server/services/sessions';
import { queueMessages } from '../../server/queue/messages';
import { waitlistMessages } from '../../server/waitlist/refusals';
import { followUpMessages } from '../../server/followUp/messages';
import { mobileMessages } from '../../server/mobile/messages';
import { abhaMessages } from '../../server/abdm/service';
import { pushMessages } from '../../server/push/messages';
// Registers the staff refusals (staff.diagnosisRequired is worded for the console in hi and mr).
import '../../server/services/staff/shared';
import '../../server/signatures/service';
import { refusalOf, registeredMessages } from '../../server/services/messageCodes';
import { passwordProblem } from '../../server/security/passwordPolicy';
import type { ServerRefusal } from '../../src/api/serverWords';
import { serverCodes as hiCodes } from '../../src/i18n/hi/server';
import { serverCodes as mrCodes } from '../../src/i18n/mr/server';
import { loadCatalog } from '../../src/i18n/catalogs';
import { en } from '../../src/i18n/messages';

const devanagari = /[\u0900-\u097F]/;
const specWords = new Set(Object.values(en.spec).filter((v): v is string => typeof v === 'string'));

/** A message as the server answers it: its words, with the code (and values) they are registered under. */
function asRefusal(message: string): ServerRefusal {
  const refusal = refusalOf(message);
  expect(refusal, `${message} has a code`).toBeDefined();
  return { message, ...refusal! };
}

/** Every message a patient can be answered with, functions called with a sample wait. */
const patientFacing = () =>
  [
    accountMessages,
    appointmentMessages,
    bookingMessages,
    chatMessages,
    consultationMessages,
    videoMessages,
    mobileMessages,
    pushMessages,
    otpMessages,
    paymentMessages,
    peopleMessages,
    queueMessages,
    recordMessages,
    sessionMessages,
    waitlistMessages,
    followUpMessages,
    abhaMessages,
  ].flatMap((group) =>
    Object.values(group).map((m) => asRefusal(typeof m === 'function' ? (m as (wait: string) => string)('12 minutes') : (m as string))),
  ).concat([90, 0].map((days) => asRefusal(horizonMessages.beyondHorizon(days))));

describe.each(['hi', 'mr'] as const)("the server's words in %s", (language) => {
  it('words every non-spec code of the services, keeping numbers; the spec messages stay English', async () => {
    const catalog = await loadCatalog(language);
    for (const refusal of patientFacing()) {
      const words = refusal.message;
      const shown = catalog.serverWords(refusal);
      if (specWords.has(words)) {
        expect(shown, words).toBe(words);
        continue;
      }
      expect(shown, `${refusal.code}: ${words}`).toMatch(devanagari);
      for (const n of words.match(/\d+/g) ?? []) expect(shown, `${words} keeps ${n}`).toContain(n);
    }
  });

  it("words the password rule's refusals, message and field alike", async () => {
    const catalog = await loadCatalog(language);
    const owner = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: '9876543210' };
    for (const password of ['short', 'password123', 'AshaVerma2026', 'qwertyuiop', 'aaaaaaaaaa']) {
      const refusal = await passwordProblem(password, owner);
      expect(refusal, password).not.toBeNull();
      const answer = asRefusal(refusal!.message);
      expect(answer.code, password).toMatch(/^password\./);
      expect(catalog.serverWords(answer), password).toMatch(devanagari);
      expect(catalog.account.fieldProblem(refusal!.error.message), password).toMatch(devanagari);
    }
  });

  it('says a code it does not know in the English it came with', async () => {
    const catalog = await loadCatalog(language);
    expect(catalog.serverWords({ code: 'something.new', message: 'Something new from the server.' })).toBe('Something new from the server.');
  });

  it('says a message made from values in the English it came with when the values are missing', async () => {
    const catalog = await loadCatalog(language);
    const english = 'Too many codes were sent to this email. Please try again in 5 minutes.';
    expect(catalog.serverWords({ code: 'otp.tooManySendsForAddress', message: english })).toBe(english);
    expect(catalog.serverWords({ code: 'otp.tooManySendsForAddress', message: english, params: { minutes: 5 } })).toMatch(devanagari);
  });
});

describe("the tables' codes", () => {
  it('are all codes the server registers (none left from a renamed message)', () => {
    const known = new Set(registeredMessages().map((m) => m.code));
    for (const code of [...Object.keys(hiCodes), ...Object.keys(mrCodes)]) expect(known.has(code), code).toBe(true);
  });

  it('are the same in Hindi and Marathi', () => {
    expect(Object.keys(hiCodes).sort()).toEqual(Object.keys(mrCodes).sort());
  });
});
