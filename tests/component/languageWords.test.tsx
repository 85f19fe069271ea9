/**
 * Hindi and Marathi on the patient's screens, in the rendered app: the browser's Intl formatters
 * (src/format/format.ts) write Latin digits in every language, for dates, times,
 * instants, rupees and fees alike (docs/i18n.md "Dates, times, numbers, plurals"), the Marathi
 * date has no comma between the day and the month, and a /myappointment card says its pharmacy
 * order's states, its payment mode and an online booking's place in the language.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clinicTimeAndDate,
  formatClinicDate,
  formatClinicInstant,
  formatClinicRecorded,
  formatClinicTime,
  formatFee,
  formatRupees,
  formatStripDay,
  stripDayParts,
} from '../../src/format/format';
import { chooseLanguage } from '../../src/i18n/languageChoice';
import { completed, order, appointment } from '../machines/appointmentFakes';
import { showList } from './appointmentsSupport';

const devanagariDigit = /[\u0966-\u096F]/;

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

describe.each(['hi', 'mr'] as const)('in %s', (language) => {
  it('every formatter writes Latin digits: dates, the strip, times, instants, rupees and fees', async () => {
    await act(() => chooseLanguage(language));
    const said = [
      formatClinicDate('2026-11-28'),
      formatStripDay('2026-11-28'),
      stripDayParts('2026-11-28').day,
      formatClinicTime('09:15'),
      formatClinicInstant('2026-11-28T03:45:00Z')!,
      formatClinicRecorded('2026-11-28T03:45:00Z')!,
      clinicTimeAndDate('2026-11-28T03:45:00Z')!.time,
      formatRupees(1250),
      formatFee(450),
      formatFee(349.5),
    ];
    for (const text of said) {
      expect(text, text).not.toMatch(devanagariDigit);
      expect(text, text).toMatch(/[0-9]/);
    }
    expect(formatRupees(1250)).toBe('₹1,250.00');
    expect(formatFee(450)).toBe('₹450');
    expect(formatClinicTime('09:15')).toBe('09:15');
    // Day and month together, the weekday before them: "शनि, 28 नोव्हें 2026", never "शनि, 28, नोव्हें 2026".
    expect(formatClinicDate('2026-11-28')).toMatch(/^शनि, 28 नव\S* 2026$|^शनि, 28 नोव्हें,? 2026$/);
    expect(formatClinicDate('2026-11-28')).not.toMatch(/28,/);
    expect(formatStripDay('2026-11-28')).not.toMatch(/28,/);
  });

  it("a card says its order's states, the payment mode and an online booking's place in the language, with Latin digits", async () => {
    await act(() => chooseLanguage(language));
    await showList([
      completed(order({ totalPrice: 800, paymentMode: 'Card', paymentStatus: 'Completed', orderStatus: 'Placed' }), { appointmentId: 'APT-W1' }),
      appointment({ appointmentId: 'APT-W2', location: '', consultationType: 'Chat', date: '2025-03-11', startTime: '18:30' }),
    ]);
    const done = screen.getByText('APT-W1').closest('article')!;
    const chat = screen.getByText('APT-W2').closest('article')!;
    const words = `${done.textContent} ${chat.textContent}`;
    for (const english of ['Placed', 'Completed', 'Card', 'Online', 'Chat']) expect(words, english).not.toContain(english);
    const expected = {
      hi: { status: 'फ़ार्मेसी को भेजा गया', payment: 'पूरा हुआ', mode: 'कार्ड', place: 'ऑनलाइन (चैट)' },
      mr: { status: 'फार्मसीकडे पाठवली', payment: 'पूर्ण झाले', mode: 'कार्ड', place: 'ऑनलाइन (चॅट)' },
    }[language];
    const fact = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    const labels = { hi: ['ऑर्डर की स्थिति', 'पेमेंट की स्थिति', 'पेमेंट का तरीका'], mr: ['ऑर्डरची स्थिती', 'पेमेंटची स्थिती', 'पेमेंटची पद्धत'] }[language];
    expect(fact(done, labels[0]!)).toBe(expected.status);
    expect(fact(done, labels[1]!)).toBe(expected.payment);
    expect(fact(done, labels[2]!)).toBe(expected.mode);
    expect(fact(chat, 'क्लिनिक')).toBe(expected.place);
    // The whole page, dates, times and the total included: one digit system.
    expect(document.body.textContent).not.toMatch(devanagariDigit);
    expect(within(done).getByText('₹800.00')).toBeTruthy();
  });
});
