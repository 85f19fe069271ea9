/**
 * Today and Upcoming: the appointments of a range of clinic dates, a row each with time,
 * patient ("Former patient" for a closed account), consultation type, location, status and where
 * the fee stands (its refund state once cancelled or refunded), and the doctor for an admin or the
 * desk, who may narrow the list to one doctor and one location. Each row opens the appointment.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { AppointmentRecord } from '../../contract/appointments';
import { appointmentPlace } from '../../contract/appointments';
import { rangeOf, type ListRange } from '../../machines/staffConsole/ranges';
import {
  selectAppointments,
  selectFailure,
  selectFilter,
  selectFilterDoctors,
  selectFilterLocations,
  selectFiltersStatus,
  selectIsLoading,
  selectListStatus,
} from '../../machines/staffConsole/staffAppointmentsMachine';
import { formatClinicDate, formatClinicTime } from '../format/format';
import { Link } from '../components/Link/Link';
import { useStaffMessages } from '../i18n/staffMessages';
import { backTo } from './backTo';
import { Fact, feeStateOf, LoadState, patientNameOf } from './parts';
import { useStaffAppointmentsActor } from './provider';
import type { StaffServices } from './services';
import { useStaff } from './StaffContext';

export interface AppointmentsSectionProps {
  readonly range: ListRange;
  readonly services: StaffServices;
}

export function AppointmentsSection({ range, services }: AppointmentsSectionProps) {
  const staff = useStaffMessages();
  const { me } = useStaff();
  // Admins and reception see every doctor's: the doctor on each row, and the filters.
  const everyDoctor = me.role !== 'doctor';
  const [dates] = useState(() => rangeOf(range, services.today()));
  const actor = useStaffAppointmentsActor(services, { filter: dates, withFilters: everyDoctor });
  const status = useSelector(actor, selectListStatus);
  const appointments = useSelector(actor, selectAppointments);
  const isLoading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const texts = staff.list;

  const heading =
    range === 'today'
      ? texts.todayHeading(formatClinicDate(dates.from))
      : texts.upcomingHeading(formatClinicDate(dates.from), formatClinicDate(dates.to));

  return (
    <section className="staff-list" aria-busy={isLoading}>
      <h1>{heading}</h1>
      <div className="staff-list__tools">
        <Filters actor={actor} />
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'appointments.refresh' })}>
          {texts.refresh}
        </button>
      </div>
      <LoadState
        status={status}
        loadingText={texts.loading}
        failureText={failure ?? texts.somethingWentWrong}
        emptyText={texts.empty}
        onRetry={() => actor.send({ type: 'appointments.retry' })}
      />
      {isLoading && status !== 'loading' && (
        <p role="status" className="staff-state staff-state--quiet">
          {texts.refreshing}
        </p>
      )}
      {appointments.length > 0 && status !== 'failed' && (
        <ul className="staff-list__rows" aria-label={texts.label}>
          {appointments.map((appointment) => (
            <li key={appointment._id}>
              <AppointmentRow appointment={appointment} range={range} showDoctor={everyDoctor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type ListActor = ReturnType<typeof useStaffAppointmentsActor>;

/** An admin's doctor and location choices; a change loads the list again. */
function Filters({ actor }: { actor: ListActor }) {
  const staff = useStaffMessages();
  const filtersStatus = useSelector(actor, selectFiltersStatus);
  const doctors = useSelector(actor, selectFilterDoctors);
  const locations = useSelector(actor, selectFilterLocations);
  const filter = useSelector(actor, selectFilter);
  const doctorId = useId();
  const locationId = useId();
  const texts = staff.list;

  if (filtersStatus === 'none') return null;
  if (filtersStatus === 'unavailable') return <p className="staff-state staff-state--quiet">{texts.filtersFailed}</p>;
  const change = (next: { doctorId?: string | null; locationId?: string | null }) =>
    actor.send({
      type: 'filter.changed',
      doctorId: next.doctorId !== undefined ? next.doctorId : (filter.doctorId ?? null),
      locationId: next.locationId !== undefined ? next.locationId : (filter.locationId ?? null),
    });
  return (
    <fieldset className="staff-filters" disabled={filtersStatus !== 'ready'}>
      <legend>{texts.filtersLabel}</legend>
      <div className="staff-field">
        <label htmlFor={doctorId}>{texts.doctor}</label>
        <select id={doctorId} value={filter.doctorId ?? ''} onChange={(event) => change({ doctorId: event.target.value || null })}>
          <option value="">{texts.allDoctors}</option>
          {doctors.map((doctor) => (
            <option key={doctor._id} value={doctor._id}>
              {doctor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-field">
        <label htmlFor={locationId}>{texts.location}</label>
        <select
          id={locationId}
          value={filter.locationId ?? ''}
          onChange={(event) => change({ locationId: event.target.value || null })}
        >
          <option value="">{texts.allLocations}</option>
          {locations.map((place) => (
            <option key={place._id} value={place._id}>
              {place.name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

function AppointmentRow({
  appointment,
  range,
  showDoctor,
}: {
  appointment: AppointmentRecord;
  range: ListRange;
  showDoctor: boolean;
}) {
  const staff = useStaffMessages();
  const texts = staff.list;
  const showDate = range !== 'today';
  const time = formatClinicTime(appointment.startTime);
  const patient = patientNameOf(appointment);
  return (
    <article className="staff-row">
      <h2 className="staff-row__title">
        <Link
          to={`/staff/appointments/${encodeURIComponent(appointment._id)}`}
          state={backTo(`/staff/${range}`)}
          className="staff-row__open"
        >
          {texts.rowHeading(showDate ? `${formatClinicDate(appointment.date)}, ${time}` : time, patient)}
        </Link>
      </h2>
      <dl className="staff-facts">
        {showDoctor && <Fact label={texts.doctor} value={appointment.doctorName} />}
        {appointment.familyMemberId && appointment.accountHolder && !appointment.formerPatient && (
          <Fact label={texts.bookedBy} value={`${appointment.accountHolder.firstName} ${appointment.accountHolder.lastName}`.trim()} />
        )}
        <Fact label={texts.type} value={appointment.consultationType} />
        <Fact label={texts.location} value={appointmentPlace(appointment)} />
        <Fact
          label={texts.status}
          value={
            <span className={`staff-badge staff-badge--${appointment.appointmentStatus.toLowerCase()}`}>
              {staff.statusNames[appointment.appointmentStatus]}
            </span>
          }
        />
        <Fact label={texts.payment} value={feeStateOf(appointment)} />
        {(appointment.unreadMessages ?? 0) > 0 && (
          <Fact label={texts.unreadLabel} value={<span className="staff-badge staff-badge--unread">{texts.unread(appointment.unreadMessages ?? 0)}</span>} />
        )}
      </dl>
    </article>
  );
}
