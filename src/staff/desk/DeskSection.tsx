/**
 * The Desk (reception and admins): find a patient (name, phone, appointment id, token) with their
 * upcoming visits, where each of today's Clinic Visits can be checked in and a fee still due taken
 * at the counter; register a patient without an account; book for them (a slot, as on the phone)
 * or add them to today's queue of a doctor (a walk-in), the fee taken now or at the visit. One
 * desk booking machine (machines/desk/deskBooking) runs the steps; the views send its events.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DeskDoctor } from '../../../machines/desk/desk';
import type { deskBookingMachine } from '../../../machines/desk/deskBooking/deskBookingMachine';
import { selectStep } from '../../../machines/desk/deskBooking/selectors';
import { useDeskMessages } from '../../i18n/deskMessages';
import type { StaffServices } from '../services';
import { BookedStep, ChoosingStep, FeeStep } from './DeskBookingSteps';
import { DeskFind } from './DeskFind';
import { WithDeskDoctors } from './DeskDoctors';
import { PatientForm } from './PatientForm';
import { useDeskBookingActor } from './provider';
import './desk.css';

export type DeskBookingActor = ActorRefFrom<typeof deskBookingMachine>;

export function DeskSection({ services }: { readonly services: StaffServices }) {
  const texts = useDeskMessages();
  return (
    <section className="desk" aria-labelledby="desk-heading">
      <h1 id="desk-heading">{texts.sections.desk}</h1>
      <WithDeskDoctors services={services}>{(doctors) => <DeskBooking services={services} doctors={doctors} />}</WithDeskDoctors>
    </section>
  );
}

function DeskBooking({ services, doctors }: { readonly services: StaffServices; readonly doctors: readonly DeskDoctor[] }) {
  const actor = useDeskBookingActor(services, doctors);
  const step = useSelector(actor, selectStep);
  switch (step) {
    case 'finding':
      return <DeskFind actor={actor} services={services} />;
    case 'registering':
      return <PatientForm actor={actor} />;
    case 'choosing':
      return <ChoosingStep actor={actor} />;
    case 'fee':
      return <FeeStep actor={actor} />;
    case 'booked':
      return <BookedStep actor={actor} />;
  }
}
