/** The prescription of a Completed consultation, when the clinic shows it (`medicines.showMedicine`). */
import { useId } from 'react';
import type { Medicines } from '../../../contract/appointments';
import { messages } from '../../i18n/messages';

const texts = messages.appointments;

export function Prescription({ medicines }: { medicines: Medicines }) {
  const headingId = useId();
  const facts: Array<[string, string]> = [
    [texts.complaint, medicines.complain],
    [texts.potency, medicines.potency],
    [texts.duration, medicines.duration],
    [texts.pharmacy, medicines.pharmacyName],
    [texts.instructions, medicines.instructions],
  ];
  return (
    <section className="appointment-card__prescription" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.prescriptionHeading}</h3>
      {medicines.remedies.length > 0 && (
        <table>
          <caption>{texts.remedies}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.medicine}</th>
              <th scope="col">{texts.dosage}</th>
              <th scope="col">{texts.frequency}</th>
            </tr>
          </thead>
          <tbody>
            {medicines.remedies.map((remedy, index) => (
              <tr key={`${remedy.medicineName}-${index}`}>
                <td>{remedy.medicineName}</td>
                <td>{remedy.dosage}</td>
                <td>{remedy.frequency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="appointment-card__facts">
        {facts
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
