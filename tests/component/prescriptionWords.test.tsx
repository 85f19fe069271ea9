/**
 * What a patient sees of a prescription is what the doctor wrote (docs/records.md, "What the patient
 * sees of a prescription"): My Remedies' card and the appointment card's prescription, in English,
 * हिन्दी and मराठी. Only fixed labels are the catalog's; the dose, the frequency, the duration and the
 * instructions appear as typed, each whole, with no timing or meaning added (no "morning and
 * evening" for "Twice a day", no plain-words sentence for "BD", no "take until" date the doctor
 * never wrote), and nothing is translated.
 */
import { act, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Medicines } from '../../contract/appointments';
import type { PrescriptionRecord } from '../../contract/records';
import { formatClinicDate } from '../../src/format/format';
import { Prescription } from '../../src/components/Appointments/Prescription';
import { PrescriptionCard } from '../../src/components/Records/PrescriptionCard';
import { chooseLanguage, type Language } from '../../src/i18n/languageChoice';

/** As the doctor typed them in the console: words, the usual abbreviations in any case, Devanagari. */
const remedies = [
  { medicineName: 'Bryonia alba', dosage: '4 pills', frequency: 'Twice a day' },
  { medicineName: 'Drosera', dosage: '', frequency: 'BD' },
  { medicineName: 'आर्निका मॉन्टाना', dosage: '२ गोलियाँ', frequency: 'TDS' },
  { medicineName: 'Nux vomica', dosage: '2 drops', frequency: 'hs' },
  { medicineName: 'Pulsatilla', dosage: '1 dose', frequency: 'once a week' },
];
const written = {
  complain: 'Dry cough for two weeks, worse at night',
  potency: '30C',
  duration: '30 days',
  instructions: 'No coffee or mint while taking the remedies.',
  pharmacyName: 'Sahaj Pharmacy, Aundh',
};

const record: PrescriptionRecord = {
  appointmentId: 'a1',
  appointmentNumber: 'APT-RX1',
  date: '2025-03-11',
  doctorName: 'Dr. Meera Kulkarni',
  consultationType: 'Video',
  patientName: 'Sunita Kshatriya',
  relation: null,
  complaint: written.complain,
  remedies,
  potency: written.potency,
  duration: written.duration,
  instructions: written.instructions,
  pharmacyName: written.pharmacyName,
  courseUntil: '2025-04-09',
  current: true,
  order: null,
  hasReceipt: false,
};
const medicines: Medicines = { ...written, remedies, pharmacyId: 'PH-7', showMedicine: true };

/** The doctor's words: every value a patient may see, as typed. */
const doctorsWords = new Set([...remedies.flatMap((r) => [r.medicineName, r.dosage, r.frequency]), ...Object.values(written)]);

/** The fixed labels of a remedy's dose and frequency in each language (the PDF's and the doctor's form's words). */
const labels: Record<Language, readonly string[]> = {
  en: ['Dosage', 'Frequency'],
  hi: ['ख़ुराक', 'कितनी बार'],
  mr: ['डोस', 'किती वेळा'],
};

/** Each piece of text on screen inside `element`, as its own text node, without separators (", ", " · "). */
function pieces(element: Element): string[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    if (/[\p{L}\p{N}]/u.test(text)) out.push(text);
  }
  return out;
}

describe.each(['en', 'hi', 'mr'] as const)('a prescription on the patient’s screens in %s', (language) => {
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
  });

  it('My Remedies shows each remedy’s dose and frequency exactly as the doctor wrote them, under fixed labels, and adds nothing', async () => {
    await act(() => chooseLanguage(language));
    render(<PrescriptionCard prescription={record} downloading={null} onDownload={() => undefined} />);
    const list = document.querySelector('.remedy-list')!;
    const rows = within(list as HTMLElement).getAllByRole('listitem');
    expect(rows).toHaveLength(remedies.length);
    rows.forEach((row, index) => {
      const remedy = remedies[index]!;
      // The doctor's words, each whole in its own element.
      expect(within(row).getByText(remedy.frequency, { exact: true })).toBeTruthy();
      if (remedy.dosage) expect(within(row).getByText(remedy.dosage, { exact: true })).toBeTruthy();
      // Nothing else but the potency the doctor wrote and the fixed labels.
      for (const piece of pieces(row)) expect([...doctorsWords, ...labels[language]], `${remedy.frequency}: "${piece}"`).toContain(piece);
    });
    // The rest of the card: the doctor's duration and instructions as written; no end date the doctor never wrote.
    const card = list.closest('li.prescription-card')!;
    expect(within(card as HTMLElement).getByText(written.duration, { exact: true })).toBeTruthy();
    expect(within(card as HTMLElement).getByText(written.instructions, { exact: true })).toBeTruthy();
    expect(card.textContent).not.toContain(formatClinicDate('2025-04-09'));
  });

  it('My Remedies offers the prescription as a FHIR health record beside its PDF, in the language in use', async () => {
    await act(() => chooseLanguage(language));
    const asked: string[] = [];
    render(<PrescriptionCard prescription={record} downloading={null} onDownload={(path) => asked.push(path)} />);
    const words = { en: 'Download health record (FHIR)', hi: 'स्वास्थ्य रिकॉर्ड डाउनलोड करें (FHIR)', mr: 'आरोग्य नोंद डाउनलोड करा (FHIR)' }[language];
    const buttons = document.querySelectorAll('.prescription-card__actions button');
    expect(buttons).toHaveLength(2);
    expect(buttons[1]!.textContent).toBe(words);
    await act(async () => (buttons[1] as HTMLButtonElement).click());
    expect(asked).toEqual(['/appointments/a1/prescription.fhir.json']);
  });

  it('the appointment card’s prescription shows the same words as written', async () => {
    await act(() => chooseLanguage(language));
    render(<Prescription medicines={medicines} />);
    const table = document.querySelector('.appointment-card__prescription table tbody')!;
    const rows = within(table as HTMLElement).getAllByRole('row');
    expect(rows).toHaveLength(remedies.length);
    rows.forEach((row, index) => {
      const remedy = remedies[index]!;
      const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
      expect(cells).toEqual([remedy.medicineName, remedy.dosage, remedy.frequency]);
    });
    const facts = document.querySelector('.appointment-card__facts')!;
    for (const value of [written.complain, written.potency, written.duration, written.pharmacyName, written.instructions]) {
      expect(within(facts as HTMLElement).getByText(value, { exact: true })).toBeTruthy();
    }
  });
});
