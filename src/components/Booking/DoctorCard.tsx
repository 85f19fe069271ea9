/**
 * The chosen doctor at the doctor step: photo, qualification, registration (council and
 * number, when the clinic entered them), languages, and the consultation types offered with their fees.
 * The languages the clinic enters in English ("Marathi") are named in the language in use when the
 * catalog knows them; the qualification and registration are the clinic's words, shown as entered.
 */
import type { AppointmentFee, Doctor } from '../../../contract/site';
import type { NextSlot } from '../../../contract/availability';
import { formatStripDay } from './availabilityFormat';
import { consultationTypesFor } from '../../../machines/booking/choices';
import { useMessages } from '../../i18n/messages';
import { formatFee } from '../../format/format';

export function DoctorCard({
  doctor,
  location,
  fees,
  next,
}: {
  doctor: Doctor;
  location: string | null;
  fees: readonly AppointmentFee[];
  /** The next free slot at this place; null: none up to the horizon; undefined: not known. */
  next?: NextSlot | null;
}) {
  const { availability: a, booking } = useMessages();
  const types = consultationTypesFor(doctor, location);
  const council = doctor.registrationCouncil ?? '';
  const number = doctor.registrationNumber ?? '';
  const languages = doctor.languages ?? [];
  return (
    <section className="doctor-card" aria-label={`${a.doctorCard}: ${doctor.name}`}>
      {doctor.photo ? <img className="doctor-card__photo" src={doctor.photo} alt="" width={64} height={64} /> : null}
      <div className="doctor-card__text">
        <p className="doctor-card__name">{doctor.name}</p>
        {doctor.qualification && <p className="doctor-card__line">{doctor.qualification}</p>}
        {number !== '' && <p className="doctor-card__line">{a.registration(council, number)}</p>}
        {languages.length > 0 && <p className="doctor-card__line">{a.languages(languages.map((language) => a.languageNames[language] ?? language).join(', '))}</p>}
        <p className="doctor-card__line">
          <span className="visually-hidden">{a.typesAndFees}: </span>
          {types
            .map((t) => {
              const fee = fees.find((f) => f.consultationType === t)?.consultationFee;
              const name = booking.consultationTypeNames[t];
              return fee === undefined ? name : `${name} ${formatFee(fee)}`;
            })
            .join(' · ')}
        </p>
        {next !== undefined && (
          <p className="doctor-card__line doctor-card__next">{next === null ? a.noneFree : a.nextAvailable(`${formatStripDay(next.date)}, ${next.time}`)}</p>
        )}
      </div>
    </section>
  );
}
