/** The prescription of a Completed consultation, when the clinic shows it (`medicines.showMedicine`). */
import { useId } from 'react';
import { clinicalOf, type Medicines } from '../../../contract/appointments';
import { followUpWords } from '../../../contract/followUpWords';
import { useLanguage } from '../../i18n/languageChoice';
import { messages } from '../../i18n/messages';

// Read where used (the live binding), so a change of language shows at the next render.

export function Prescription({ medicines }: { medicines: Medicines }) {
  const headingId = useId();
  const language = useLanguage();
  const clinical = clinicalOf(medicines);
  // As the doctor wrote them; the follow-up in the words the prescription PDF prints (contract/followUpWords.ts).
  const facts: Array<[string, string]> = [
    [messages.appointments.complaint, medicines.complain],
    [messages.appointments.history, clinical.history],
    [messages.appointments.diagnosis, clinical.diagnosis],
    [messages.appointments.investigations, clinical.investigations],
    [messages.appointments.potency, medicines.potency],
    [messages.appointments.duration, medicines.duration],
    [messages.appointments.pharmacy, medicines.pharmacyName],
    [messages.appointments.instructions, medicines.instructions],
    [messages.appointments.followUp, followUpWords(clinical.followUp, language) ?? ''],
  ];
  return (
    <section className="appointment-card__prescription" aria-labelledby={headingId}>
      <h4 id={headingId}>{messages.appointments.prescriptionHeading}</h4>
      {medicines.remedies.length > 0 && (
        <table>
          <caption>{messages.appointments.remedies}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.appointments.medicine}</th>
              <th scope="col">{messages.appointments.dosage}</th>
              <th scope="col">{messages.appointments.frequency}</th>
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
