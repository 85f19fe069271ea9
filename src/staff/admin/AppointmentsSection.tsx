/**
 * Appointments by day, doctor and location: a date (today, clinic time, at first), a
 * doctor and a location filter; each appointment with its time, patient ("Former patient" for a
 * closed account), doctor, location, type, status, payment state (its refund state once cancelled
 * or refunded) and order; Move and Cancel for each live booking, and the order's status
 * (their own popups).
 * A table on wide screens, one card per appointment on phones (admin.css).
 */
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { appointmentPlace } from '../../../contract/appointments';
import type { LoadInput } from '../../../machines/staffAdmin/adminListContext';
import { selectIsLoading, selectItems, selectListStatus, selectQuery } from '../../../machines/staffAdmin/adminListSelectors';
import { appointmentsOverviewMachine, doctorsMachine, locationsMachine } from '../../../machines/staffAdmin/lists';
import { clinicToday } from '../../../contract/clinicTime';
import { formatClinicDate, formatClinicTime } from '../../format/format';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { fromApi } from '../../app/fromApi';
import { CancelDialog } from './CancelDialog';
import { MoveDialog } from './MoveDialog';
import { OrderStatusDialog, orderStatusChangeable } from './OrderStatusDialog';
import { feeStateOf, patientNameOf as patientName } from '../parts';
import { SelectField } from '../../ui/Field';
import { ListState } from './parts/lists';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

/** What a row's buttons open: the order's status, Move or Cancel, each for that appointment. */
interface RowActions {
  readonly onOrder: (a: AppointmentRecord) => void;
  readonly onMove: (a: AppointmentRecord) => void;
  readonly onCancel: (a: AppointmentRecord) => void;
}

function AppointmentRow({ a, onOrder, onMove, onCancel }: { readonly a: AppointmentRecord } & RowActions) {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.appointments;
  return (
    <tr key={a._id}>
      <th scope="row" data-label={texts.time}>
        {formatClinicTime(a.startTime)}
      </th>
      <td data-label={texts.patient}>
        {patientName(a)}
        <span className="admin-table__sub">{a.appointmentId}</span>
      </td>
      <td data-label={texts.doctor}>{a.doctorName}</td>
      <td data-label={texts.location}>{appointmentPlace(a)}</td>
      <td data-label={texts.type}>{a.consultationType}</td>
      <td data-label={texts.status}>{texts.statusNames[a.appointmentStatus]}</td>
      <td data-label={texts.payment}>
        <span className={`admin-badge admin-badge--${a.appointmentPaymentStatus}`}>
          {a.refundState ? feeStateOf(a) : texts.paymentNames[a.appointmentPaymentStatus]}
        </span>
      </td>
      <td data-label={texts.order}>
        {a.order ? texts.orderState(a.order.orderStatus, a.order.paymentStatus) : texts.noOrder}
        {orderStatusChangeable(a.order) && (
          <span className="admin-table__action">
            <button
              type="button"
              className="button button--outline"
              onClick={() => onOrder(a)}
              aria-label={texts.changeOrderStatus(patientName(a))}
            >
              {texts.orderStatus}
            </button>
          </span>
        )}
      </td>
      <td data-label={staffAdmin.common.actions}>
        {a.appointmentStatus === 'Booked' && (
          <span className="admin-row__actions">
            <button type="button" className="button button--outline" onClick={() => onMove(a)} aria-label={texts.moveWhich(patientName(a))}>
              {texts.move}
            </button>
            <button type="button" className="button button--outline" onClick={() => onCancel(a)} aria-label={texts.cancelWhich(patientName(a))}>
              {staffAdmin.common.cancel}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

/** The day's appointments: a table on wide screens, a card each on phones. */
function AppointmentsTable({
  appointments,
  date,
  onOrder,
  onMove,
  onCancel,
}: { readonly appointments: readonly AppointmentRecord[]; readonly date: string } & RowActions) {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.appointments;
  return (
    // Focusable so that a table wider than the section can be scrolled by keyboard too.
    <div className="admin-table__wrap" role="region" aria-label={texts.listLabel(formatClinicDate(date))} tabIndex={0}>
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">{texts.listLabel(formatClinicDate(date))}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.time}</th>
            <th scope="col">{texts.patient}</th>
            <th scope="col">{texts.doctor}</th>
            <th scope="col">{texts.location}</th>
            <th scope="col">{texts.type}</th>
            <th scope="col">{texts.status}</th>
            <th scope="col">{texts.payment}</th>
            <th scope="col">{texts.order}</th>
            <th scope="col">{staffAdmin.common.actions}</th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((a) => (
            <AppointmentRow key={a._id} a={a} onOrder={onOrder} onMove={onMove} onCancel={onCancel} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Named = { readonly _id: string; readonly name: string };

/** The date, doctor and location the list shows. */
function AppointmentFilters({
  date,
  query,
  doctors,
  locations,
  change,
}: {
  readonly date: string;
  readonly query: { readonly doctorId?: string | undefined; readonly locationId?: string | undefined };
  readonly doctors: readonly Named[];
  readonly locations: readonly Named[];
  readonly change: (field: 'date' | 'doctorId' | 'locationId', value: string) => void;
}) {
  const texts = useStaffAdminMessages().appointments;
  return (
    <form className="admin-filters" aria-label={texts.filtersLabel} onSubmit={(e) => e.preventDefault()}>
      <div className="admin-field">
        <label htmlFor="admin-appointments-date" className="admin-field__label">
          {texts.date}
        </label>
        <input
          id="admin-appointments-date"
          type="date"
          className="admin-field__input"
          value={date}
          onChange={(e) => change('date', e.target.value)}
        />
      </div>
      <SelectField
        look="admin"
        label={texts.doctor}
        value={query.doctorId ?? ''}
        onValue={(value) => change('doctorId', value)}
        options={[{ value: '', label: texts.everyDoctor }, ...doctors.map((d) => ({ value: d._id, label: d.name }))]}
      />
      <SelectField
        look="admin"
        label={texts.location}
        value={query.locationId ?? ''}
        onValue={(value) => change('locationId', value)}
        options={[{ value: '', label: texts.everyLocation }, ...locations.map((l) => ({ value: l._id, label: l.name }))]}
      />
    </form>
  );
}

export function AppointmentsSection() {
  const texts = useStaffAdminMessages().appointments;
  const { api, now } = useAdminServices();
  const [today] = useState(() => clinicToday(new Date((now ?? Date.now)())));
  const list = useAdminList(
    appointmentsOverviewMachine,
    {
      loadItems: fromApi(({ token, query }: LoadInput, signal) =>
        api.fetchAppointments({ date: query.date ?? today, doctorId: query.doctorId ?? '', locationId: query.locationId ?? '' }, token, signal),
      ),
    },
    { date: today, doctorId: '', locationId: '' },
  );
  const doctorsList = useAdminList(doctorsMachine, { loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchDoctors(token, signal)) });
  const locationsList = useAdminList(locationsMachine, {
    loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchLocations(token, signal)),
  });
  const status = useSelector(list, selectListStatus);
  const loading = useSelector(list, selectIsLoading);
  const appointments = useSelector(list, selectItems);
  const query = useSelector(list, selectQuery);
  const doctors = useSelector(doctorsList, selectItems);
  const locations = useSelector(locationsList, selectItems);
  const [moving, setMoving] = useState<AppointmentRecord | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const [orderOf, setOrderOf] = useState<AppointmentRecord | null>(null);

  const date = query.date ?? today;
  const change = (field: 'date' | 'doctorId' | 'locationId', value: string) => {
    // An emptied date input means "today", not "no day".
    const next = { date, doctorId: query.doctorId ?? '', locationId: query.locationId ?? '', [field]: value };
    if (next.date === '') next.date = today;
    list.send({ type: 'query.change', query: next });
  };
  const refresh = useCallback(() => list.send({ type: 'list.refresh' }), [list]);
  const closeMove = useCallback(() => setMoving(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const closeOrder = useCallback(() => setOrderOf(null), []);

  return (
    <section className="admin-section" aria-labelledby="admin-appointments-title">
      <h1 id="admin-appointments-title">{texts.title}</h1>
      <AppointmentFilters date={date} query={query} doctors={doctors} locations={locations} change={change} />
      <ListState
        status={status}
        refreshing={loading}
        emptyText={texts.none(formatClinicDate(date))}
        onRetry={() => list.send({ type: 'list.retry' })}
      />
      {appointments.length > 0 && (
        <AppointmentsTable appointments={appointments} date={date} onOrder={setOrderOf} onMove={setMoving} onCancel={setCancelling} />
      )}
      {moving && <MoveDialog appointment={moving} onMoved={refresh} onClose={closeMove} />}
      {cancelling && <CancelDialog appointment={cancelling} onCancelled={refresh} onClose={closeCancel} />}
      {orderOf?.order && <OrderStatusDialog appointment={orderOf} order={orderOf.order} onChanged={refresh} onClose={closeOrder} />}
    </section>
  );
}