/**
 * The desk booking's steps once the patient is chosen: the choices (a slot: doctor, type, location
 * for a Clinic Visit, date and a free slot, the patients' slot group; or a walk-in: doctor and
 * location), the fee (now at the counter, or at the visit), and what was booked.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { appointmentPlace } from '../../../contract/appointments';
import type { ConsultationType } from '../../../contract/primitives';
import type { DeskKind } from '../../../machines/desk/deskBooking/choices';
import {
  selectBooked,
  selectChoices,
  selectDoctor,
  selectDoctors,
  selectFamily,
  selectFamilyMemberId,
  selectFee,
  selectIsSubmitting,
  selectPatient,
  selectPersonName,
  selectSlots,
  selectSlotsStatus,
  selectToday,
  selectTypes,
} from '../../../machines/desk/deskBooking/selectors';
import { SlotRadios } from '../../components/Appointments/SlotChoiceFields';
import { formatClinicDate, formatClinicTime, formatFee, formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { SelectField, TextField } from '../../ui/Field';
import { Fact, feeStateOf } from '../parts';
import { CounterMethodFields } from './CounterMethodFields';
import type { DeskBookingActor } from './DeskSection';

/** Who the booking is for, and the way back to choose someone else. */
function PatientLine({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booking;
  const patient = useSelector(actor, selectPatient);
  if (!patient) return null;
  return (
    <p className="desk-patient">
      <strong>{texts.for(`${patient.firstName} ${patient.lastName}`.trim(), formatPhone(patient.phoneNumber))}</strong>{' '}
      <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'patient.changed' })}>
        {texts.changePatient}
      </button>
    </p>
  );
}

/** For an account with family members: the visit is for the holder or one of them. */
function PersonChoice({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booking;
  const family = useSelector(actor, selectFamily);
  const chosen = useSelector(actor, selectFamilyMemberId);
  const patient = useSelector(actor, selectPatient);
  if (family.length === 0 || !patient) return null;
  return (
    <SelectField
      look="admin"
      label={texts.person}
      value={chosen ?? ''}
      onValue={(id) => actor.send({ type: 'person.chosen', familyMemberId: id === '' ? null : id })}
      options={[
        { value: '', label: texts.themselves(`${patient.firstName} ${patient.lastName}`.trim()) },
        ...family.map((m) => ({ value: m._id, label: texts.member(`${m.firstName} ${m.lastName}`.trim(), m.relation, m.age) })),
      ]}
    />
  );
}

/** Who the visit is for, when not the account holder: said again at the fee. */
function VisitFor({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booking;
  const forMember = useSelector(actor, (s) => selectFamilyMemberId(s) !== null);
  const name = useSelector(actor, selectPersonName);
  return forMember ? <p>{texts.visitFor(name)}</p> : null;
}

/** Book a slot, or a walk-in into today's queue. */
function KindChoice({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booking;
  const { kind } = useSelector(actor, selectChoices);
  const name = useId();
  return (
    <fieldset className="desk-choices">
      <legend>{texts.kind}</legend>
      {(['book', 'walkin'] as const satisfies readonly DeskKind[]).map((k) => (
        <label key={k} className="desk-choices__choice">
          <input type="radio" name={name} value={k} checked={kind === k} onChange={() => actor.send({ type: 'kind.chosen', kind: k })} />
          {texts.kinds[k]}
        </label>
      ))}
    </fieldset>
  );
}

export function ChoosingStep({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booking;
  const choices = useSelector(actor, selectChoices);
  const doctors = useSelector(actor, selectDoctors);
  const doctor = useSelector(actor, selectDoctor);
  const types = useSelector(actor, selectTypes);
  const slots = useSelector(actor, selectSlots);
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const today = useSelector(actor, selectToday);
  const walkIn = choices.kind === 'walkin';
  const atClinic = walkIn || choices.consultationType === 'Clinic Visit';
  return (
    <form
      className="desk-form"
      aria-labelledby="desk-choose-heading"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'choices.confirmed' });
      }}
    >
      <h2 id="desk-choose-heading" className="desk__subheading">
        {texts.kinds[choices.kind]}
      </h2>
      <PatientLine actor={actor} />
      <PersonChoice actor={actor} />
      <KindChoice actor={actor} />
      <div className="desk-form__grid">
        <SelectField
          look="admin"
          label={texts.doctor}
          value={choices.doctorId ?? ''}
          onValue={(doctorId) => actor.send({ type: 'doctor.chosen', doctorId })}
          options={[...(choices.doctorId === null ? [{ value: '', label: texts.chooseDoctor }] : []), ...doctors.map((d) => ({ value: d._id, label: d.name }))]}
        />
        {!walkIn && (
          <SelectField
            look="admin"
            label={texts.type}
            value={choices.consultationType ?? ''}
            onValue={(type) => actor.send({ type: 'type.chosen', consultationType: type as ConsultationType })}
            options={[...(choices.consultationType === null ? [{ value: '', label: texts.chooseType }] : []), ...types.map((t) => ({ value: t, label: texts.typeNames[t] }))]}
          />
        )}
        {atClinic && (
          <SelectField
            look="admin"
            label={texts.location}
            value={choices.locationId ?? ''}
            onValue={(locationId) => actor.send({ type: 'location.chosen', locationId })}
            options={[
              ...(choices.locationId === null ? [{ value: '', label: texts.chooseLocation }] : []),
              ...(doctor?.locations ?? []).map((l) => ({ value: l._id, label: l.name })),
            ]}
          />
        )}
        {!walkIn && (
          <TextField look="admin" label={texts.date} type="date" min={today} value={choices.date ?? ''} onValue={(date) => actor.send({ type: 'date.chosen', date })} />
        )}
      </div>
      {!walkIn && (
        <SlotRadios
          slots={slots}
          status={slotsStatus}
          time={choices.time}
          currentTime={null}
          disabled={false}
          onSelect={(time) => actor.send({ type: 'slot.selected', time })}
          onRetry={() => actor.send({ type: 'slots.retry' })}
        />
      )}
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary">
          {texts.next}
        </button>
      </p>
    </form>
  );
}

/** What is being booked, in a line: doctor, place, date and time (a walk-in: today, now). */
function useWhat(actor: DeskBookingActor): string {
  const texts = useDeskMessages();
  const choices = useSelector(actor, selectChoices);
  const doctor = useSelector(actor, selectDoctor);
  const place = choices.locationId === '' ? texts.booking.typeNames[choices.consultationType ?? 'Call'] : (doctor?.locations.find((l) => l._id === choices.locationId)?.name ?? '');
  if (choices.kind === 'walkin') return `${doctor?.name ?? ''}, ${place}: ${texts.booking.kinds.walkin}`;
  return texts.booked.what(doctor?.name ?? '', place, formatClinicDate(choices.date ?? ''), formatClinicTime(choices.time ?? ''));
}

export function FeeStep({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().fee;
  const fee = useSelector(actor, selectFee);
  const submitting = useSelector(actor, selectIsSubmitting);
  const walkIn = useSelector(actor, (s) => selectChoices(s).kind === 'walkin');
  const what = useWhat(actor);
  const name = useId();
  return (
    <form
      className="desk-form"
      aria-labelledby="desk-fee-heading"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'booking.submitted' });
      }}
    >
      <h2 id="desk-fee-heading" className="desk__subheading">
        {texts.heading}
      </h2>
      <PatientLine actor={actor} />
      <VisitFor actor={actor} />
      <p>{texts.summary(what)}</p>
      <fieldset className="desk-choices" disabled={submitting}>
        <legend>{texts.when}</legend>
        {(['now', 'later'] as const).map((pay) => (
          <label key={pay} className="desk-choices__choice">
            <input type="radio" name={name} value={pay} checked={fee.pay === pay} onChange={() => actor.send({ type: 'fee.changed', fee: { pay } })} />
            {texts[pay]}
          </label>
        ))}
      </fieldset>
      {fee.pay === 'now' && (
        <CounterMethodFields
          method={fee.method}
          reference={fee.reference}
          disabled={submitting}
          onMethod={(method) => actor.send({ type: 'fee.changed', fee: { method } })}
          onReference={(reference) => actor.send({ type: 'fee.changed', fee: { reference } })}
        />
      )}
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>
          {submitting ? texts.booking : walkIn ? texts.walkIn : texts.book}
        </button>
        <button type="button" className="button button--outline" disabled={submitting} onClick={() => actor.send({ type: 'fee.back' })}>
          {texts.back}
        </button>
      </p>
    </form>
  );
}

export function BookedStep({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().booked;
  const booked = useSelector(actor, selectBooked);
  const patient = useSelector(actor, selectPatient);
  if (!booked) return null;
  const { appointment, entry } = booked;
  // "Book again for ...": the account holder, whoever this visit was for.
  const name = `${patient?.firstName ?? ''} ${patient?.lastName ?? ''}`.trim();
  return (
    <section className="staff-card desk-booked" aria-labelledby="desk-booked-heading">
      <h2 id="desk-booked-heading">{entry ? texts.walkedInHeading : texts.heading}</h2>
      <p>{texts.what(appointment.doctorName, appointmentPlace(appointment), formatClinicDate(appointment.date), formatClinicTime(appointment.startTime))}</p>
      <dl className="staff-facts">
        {entry && <Fact label={texts.token} value={<span className="desk-token">{entry.token}</span>} />}
        <Fact label={texts.appointmentId} value={appointment.appointmentId} />
        <Fact label={texts.fee} value={`${formatFee(appointment.consultationFee)}, ${feeStateOf(appointment)}`} />
      </dl>
      <p className="desk-form__actions">
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'booking.new' })}>
          {texts.another}
        </button>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'booking.again' })}>
          {texts.again(name)}
        </button>
      </p>
    </section>
  );
}
