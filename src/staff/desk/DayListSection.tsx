/**
 * The day list (machines/desk/dayList): one doctor's appointments of a date, at one location or
 * all, as a table (time, token, patient, phone, type, status, payment); Print gives the print view
 * (desk.css: A4, the clinic's header, no bar, no controls) and Download CSV the same rows as a file
 * (GET /desk/day.csv through the API client's file call).
 */
import { useSelector } from '@xstate/react';
import { appointmentPlace } from '../../../contract/appointments';
import type { DeskDoctor } from '../../../machines/desk/desk';
import {
  selectDayDoctors,
  selectDayFailure,
  selectDayQuery,
  selectDayRows,
  selectDayStatus,
  type DayRows,
} from '../../../machines/desk/dayList/dayListMachine';
import { LogoMark } from '../../components/Icons/icons';
import { clinic } from '../../content/clinic';
import { formatClinicDate, formatClinicTime, formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { useStaffMessages } from '../../i18n/staffMessages';
import { SelectField, TextField } from '../../ui/Field';
import { feeStateOf, LoadState, patientNameOf } from '../parts';
import type { StaffServices } from '../services';
import { WithDeskDoctors } from './DeskDoctors';
import { useDayCsv, useDayListActor } from './provider';
import { dayCsvPath } from './services';
import './desk.css';

type DayActor = ReturnType<typeof useDayListActor>;

export function DayListSection({ services }: { readonly services: StaffServices }) {
  const texts = useDeskMessages().day;
  return (
    <section className="desk desk-day" aria-labelledby="day-heading">
      <h1 id="day-heading" className="desk-day__screen-title">
        {texts.heading}
      </h1>
      <WithDeskDoctors services={services}>{(doctors) => <DayList services={services} doctors={doctors} />}</WithDeskDoctors>
    </section>
  );
}

function DayList({ services, doctors }: { readonly services: StaffServices; readonly doctors: readonly DeskDoctor[] }) {
  const texts = useDeskMessages().day;
  const actor = useDayListActor(services, doctors);
  const status = useSelector(actor, selectDayStatus);
  const rows = useSelector(actor, selectDayRows);
  const query = useSelector(actor, selectDayQuery);
  const failure = useSelector(actor, selectDayFailure);
  const csv = useDayCsv(services);
  const path = dayCsvPath(query);
  return (
    <>
      <DayFilters actor={actor} />
      <p className="desk-form__actions desk-day__tools">
        <button type="button" className="button button--primary" disabled={status !== 'ready'} onClick={() => services.desk.print()}>
          {texts.print}
        </button>
        <button type="button" className="button button--outline" disabled={csv.downloading !== null || query.doctorId === null} aria-busy={csv.downloading === path} onClick={() => csv.download(path)}>
          {csv.downloading === path ? texts.downloading : texts.csv}
        </button>
      </p>
      <PrintHeader actor={actor} />
      {status === 'noDoctor' && <p className="staff-state">{texts.noDoctor}</p>}
      <LoadState
        status={status === 'noDoctor' ? 'ready' : status}
        loadingText={texts.loading}
        failureText={failure ?? texts.failed}
        emptyText={texts.empty}
        onRetry={() => actor.send({ type: 'day.retry' })}
      />
      {status === 'ready' && rows && <DayTable rows={rows} date={query.date} />}
    </>
  );
}

function DayFilters({ actor }: { readonly actor: DayActor }) {
  const texts = useDeskMessages().day;
  const query = useSelector(actor, selectDayQuery);
  const doctors = useSelector(actor, selectDayDoctors);
  const doctor = doctors.find((d) => d._id === query.doctorId);
  return (
    <form className="desk-tools desk-day__filters" aria-label={texts.heading} onSubmit={(e) => e.preventDefault()}>
      <TextField look="admin" label={texts.date} type="date" value={query.date} onValue={(date) => date && actor.send({ type: 'day.changed', date })} />
      {doctors.length > 1 && (
        <SelectField
          look="admin"
          label={texts.doctor}
          value={query.doctorId ?? ''}
          onValue={(doctorId) => actor.send({ type: 'day.changed', doctorId })}
          options={doctors.map((d) => ({ value: d._id, label: d.name }))}
        />
      )}
      {(doctor?.locations.length ?? 0) > 0 && (
        <SelectField
          look="admin"
          label={texts.location}
          value={query.locationId}
          onValue={(locationId) => actor.send({ type: 'day.changed', locationId })}
          options={[{ value: '', label: texts.allLocations }, ...(doctor?.locations ?? []).map((l) => ({ value: l._id, label: l.name }))]}
        />
      )}
    </form>
  );
}

/** Only on paper: the clinic's header, whose list it is, and when it was printed. */
function PrintHeader({ actor }: { readonly actor: DayActor }) {
  const texts = useDeskMessages().day;
  const query = useSelector(actor, selectDayQuery);
  const doctors = useSelector(actor, selectDayDoctors);
  const doctor = doctors.find((d) => d._id === query.doctorId);
  const place = doctor?.locations.find((l) => l._id === query.locationId)?.name ?? texts.allLocations;
  return (
    <div className="desk-print-header" aria-hidden="true">
      <p className="desk-print-header__clinic">
        <LogoMark size={32} />
        <span>
          <strong>{clinic.name}</strong>, {clinic.city} · {clinic.phone.display} · {clinic.email}
        </span>
      </p>
      <p className="desk-print-header__title">{texts.printHeading(doctor?.name ?? '', place, formatClinicDate(query.date))}</p>
    </div>
  );
}

function DayTable({ rows, date }: { readonly rows: DayRows; readonly date: string }) {
  const texts = useDeskMessages().day;
  const staff = useStaffMessages();
  const label = texts.tableLabel(formatClinicDate(date));
  return (
    <div className="admin-table__wrap desk-day__table" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {[texts.time, texts.token, texts.patient, texts.phone, texts.type, texts.status, texts.payment].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.appointments.map((a) => (
            <tr key={a._id}>
              <th scope="row" data-label={texts.time}>
                {formatClinicTime(a.startTime)}
              </th>
              <td data-label={texts.token}>{rows.tokens[a._id] ?? texts.noToken}</td>
              <td data-label={texts.patient}>
                {/* One item beside the label on a phone's card: the name and the number under it. */}
                <span>
                  {patientNameOf(a)}
                  <span className="admin-table__sub">{a.appointmentId}</span>
                </span>
              </td>
              <td data-label={texts.phone}>{formatPhone(a.phoneNumber)}</td>
              <td data-label={texts.type}>
                <span>
                  {a.consultationType}
                  <span className="admin-table__sub">{appointmentPlace(a)}</span>
                </span>
              </td>
              <td data-label={texts.status}>{staff.statusNames[a.appointmentStatus]}</td>
              <td data-label={texts.payment}>{feeStateOf(a)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
