/**
 * Doctors: the list (retired ones marked); add and edit (name, email, type,
 * qualification, registration, the morning list by email, slot length, locations); delete (the server refuses once a doctor has
 * appointments); retire or list again (DoctorActivePanel); reorder; and each doctor's weekly
 * hours and leave (ScheduleEditor). A change of
 * locations or slot length that would orphan booked appointments is refused: they are listed,
 * with Move and Cancel for each, and nothing changed.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { AdminDoctor } from '../../../contract/staffAdmin';
import type { LoadInput } from '../../../machines/staffAdmin/adminListContext';
import { selectItems } from '../../../machines/staffAdmin/adminListSelectors';
import { doctorPayload, doctorsMachine, joinIds, locationsMachine, splitIds } from '../../../machines/staffAdmin/lists';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { fromApi } from '../../app/fromApi';
import { listActors } from './actors';
import { AdminList, type FormApi } from './AdminList';
import { CancelDialog } from './CancelDialog';
import { MoveDialog } from './MoveDialog';
import { AffectedAppointments } from './parts/AffectedAppointments';
import { CheckField, SelectField, TextField } from '../../ui/Field';
import { DoctorActivePanel } from './DoctorActivePanel';
import { ScheduleEditor } from './ScheduleEditor';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

type PanelKind = 'schedule' | 'active';

/**
 * One panel about one doctor at a time, above the list: their hours and leave, or retiring them.
 * The row buttons that open a panel are kept, so focus goes back to the opener when it closes.
 */
function useDoctorPanel(actor: { send: (event: { type: 'list.refresh' }) => void }, doctors: readonly AdminDoctor[]) {
  const [panel, setPanel] = useState<{ kind: PanelKind; id: string } | null>(null);
  const panelDoctor = panel ? (doctors.find((d) => d._id === panel.id) ?? null) : null;
  // The row buttons that open a panel: focus goes back to the one that opened it when it closes.
  const panelButtons = useRef(new Map<string, HTMLButtonElement>());
  const closePanel = useCallback(() => {
    const opener = panel ? panelButtons.current.get(`${panel.kind} ${panel.id}`) : undefined;
    setPanel(null);
    opener?.focus();
  }, [panel]);
  const activeChanged = useCallback(() => {
    actor.send({ type: 'list.refresh' });
    closePanel();
  }, [actor, closePanel]);
  const panelButton = (kind: PanelKind, id: string) => (button: HTMLButtonElement | null) => {
    if (button) panelButtons.current.set(`${kind} ${id}`, button);
    else panelButtons.current.delete(`${kind} ${id}`);
  };
  const toggle = (kind: PanelKind, id: string) => setPanel(panel?.kind === kind && panel.id === id ? null : { kind, id });
  return { panel, panelDoctor, closePanel, activeChanged, panelButton, toggle };
}

/** A row's Schedule and Retire (or Reactivate) buttons, each opening its panel. */
function DoctorPanelButtons({
  d,
  canChange,
  panel,
  panelButton,
  toggle,
}: { readonly d: AdminDoctor; readonly canChange: boolean } & Pick<ReturnType<typeof useDoctorPanel>, 'panel' | 'panelButton' | 'toggle'>) {
  const texts = useStaffAdminMessages().doctors;
  return (
    <>
      <button
        ref={panelButton('schedule', d._id)}
        type="button"
        className="button button--outline"
        aria-label={texts.scheduleFor(d.name)}
        aria-expanded={panel?.kind === 'schedule' && panel.id === d._id}
        onClick={() => toggle('schedule', d._id)}
      >
        {texts.schedule}
      </button>
      <button
        ref={panelButton('active', d._id)}
        type="button"
        className="button button--outline"
        aria-label={d.active ? texts.retireFor(d.name) : texts.reactivateFor(d.name)}
        aria-expanded={panel?.kind === 'active' && panel.id === d._id}
        disabled={!canChange}
        onClick={() => toggle('active', d._id)}
      >
        {d.active ? texts.retire : texts.reactivate}
      </button>
    </>
  );
}

export function DoctorsSection() {
  const texts = useStaffAdminMessages().doctors;
  const { api } = useAdminServices();
  const actor = useAdminList(
    doctorsMachine,
    listActors(
      { list: api.fetchDoctors, add: api.addDoctor, update: api.updateDoctor, remove: api.deleteDoctor, reorder: api.reorderDoctors },
      doctorPayload,
    ),
  );
  const locationsList = useAdminList(locationsMachine, {
    loadItems: fromApi(({ token }: LoadInput, signal) => api.fetchLocations(token, signal)),
  });
  const locations = useSelector(locationsList, selectItems);
  const doctors = useSelector(actor, selectItems);
  const { panel, panelDoctor, closePanel, activeChanged, panelButton, toggle } = useDoctorPanel(actor, doctors);
  const [moving, setMoving] = useState<AppointmentRecord | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const handled = useCallback((a: AppointmentRecord) => actor.send({ type: 'conflict.handled', appointmentId: a._id }), [actor]);
  const closeMove = useCallback(() => setMoving(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);

  return (
    <>
      <AdminList
        actor={actor}
        title={texts.title}
        emptyText={texts.none}
        addLabel={texts.add}
        nameOf={(d) => d.name}
        formTitle={(d) => (d ? texts.editTitle(d.name) : texts.addTitle)}
        renderItem={(d) => <DoctorSummary doctor={d} />}
        renderForm={(form) => <DoctorFields form={form} locations={locations} />}
        renderConflict={(affected) => <AffectedAppointments appointments={affected} onMove={setMoving} onCancel={setCancelling} />}
        panel={
          panelDoctor &&
          (panel?.kind === 'schedule' ? (
            <ScheduleEditor key={panelDoctor._id} doctor={panelDoctor} onClose={closePanel} />
          ) : (
            <DoctorActivePanel key={panelDoctor._id} doctor={panelDoctor} onChanged={activeChanged} onClose={closePanel} />
          ))
        }
        renderRowExtra={(d, canChange) => (
          <DoctorPanelButtons d={d} canChange={canChange} panel={panel} panelButton={panelButton} toggle={toggle} />
        )}
        deletable
        reorderable
      />
      {moving && <MoveDialog appointment={moving} onMoved={() => handled(moving)} onClose={closeMove} />}
      {cancelling && <CancelDialog appointment={cancelling} onCancelled={() => handled(cancelling)} onClose={closeCancel} />}
    </>
  );
}

function DoctorSummary({ doctor }: { readonly doctor: AdminDoctor }) {
  const texts = useStaffAdminMessages().doctors;
  return (
    <>
      <strong className="admin-row__title">
        {doctor.name} {!doctor.active && <span className="admin-badge admin-badge--failed">{texts.retired}</span>}
      </strong>
      <span className="admin-row__meta">
        {doctor.email} · {texts.types[doctor.type]} · {texts.slotLength(doctor.slotMinutes)}
      </span>
      <span className="admin-row__meta">
        {doctor.locations.map((l) => l.name).join(', ') || '—'} · {texts.accountRole(doctor.accountRole)}
      </span>
      <span className="admin-row__meta">
        {doctor.registrationNumber === '' ? texts.noRegistration : texts.registration(doctor.registrationCouncil, doctor.registrationNumber)}
        {doctor.morningList && ` · ${texts.morningListOn}`}
      </span>
    </>
  );
}

function DoctorFields({ form, locations }: { readonly form: FormApi; readonly locations: ReadonlyArray<{ _id: string; name: string }> }) {
  const texts = useStaffAdminMessages().doctors;
  const { draft, errors, saving, change } = form;
  const chosen = splitIds(draft.locationIds);
  const toggle = (id: string, on: boolean) => change('locationIds', joinIds(on ? [...chosen, id] : chosen.filter((c) => c !== id)));
  const locationsError = errors.locationIds ?? Object.entries(errors).find(([field]) => field.startsWith('locationIds.'))?.[1];
  return (
    <>
      <TextField look="admin" label={texts.name} value={draft.name ?? ''} error={errors.name} disabled={saving} required onValue={(v) => change('name', v)} />
      <TextField look="admin" label={texts.email} type="email" value={draft.email ?? ''} error={errors.email} disabled={saving} required onValue={(v) => change('email', v)} />
      <SelectField
        look="admin"
        label={texts.type}
        value={draft.type ?? 'clinic'}
        error={errors.type}
        disabled={saving}
        onValue={(v) => change('type', v)}
        options={[
          { value: 'clinic', label: texts.types.clinic },
          { value: 'online', label: texts.types.online },
        ]}
      />
      <TextField look="admin" label={texts.qualification} value={draft.qualification ?? ''} error={errors.qualification} disabled={saving} onValue={(v) => change('qualification', v)} />
      <TextField
        look="admin"
        label={texts.registrationCouncil}
        hint={texts.registrationHint}
        value={draft.registrationCouncil ?? ''}
        error={errors.registrationCouncil}
        disabled={saving}
        onValue={(v) => change('registrationCouncil', v)}
      />
      <TextField
        look="admin"
        label={texts.registrationNumber}
        value={draft.registrationNumber ?? ''}
        error={errors.registrationNumber}
        disabled={saving}
        onValue={(v) => change('registrationNumber', v)}
      />
      <CheckField look="admin" labelClassName="admin-checks__item"
        label={texts.morningList}
        hint={texts.morningListHint}
        checked={draft.morningList === 'on'}
        error={errors.morningList}
        disabled={saving}
        onChecked={(on) => change('morningList', on ? 'on' : '')}
      />
      <TextField
        look="admin"
        label={texts.slotMinutes}
        type="number"
        inputMode="numeric"
        min="5"
        hint={texts.slotMinutesHint}
        value={draft.slotMinutes ?? ''}
        error={errors.slotMinutes}
        disabled={saving}
        onValue={(v) => change('slotMinutes', v)}
      />
      <fieldset className="admin-checks" disabled={saving} aria-invalid={locationsError ? true : undefined}>
        <legend className="admin-field__label">{texts.locations}</legend>
        {locations.length === 0 && <p className="admin-field__hint">{texts.noLocationsYet}</p>}
        {locations.map((l) => (
          <label key={l._id} className="admin-checks__item">
            <input type="checkbox" checked={chosen.includes(l._id)} onChange={(e) => toggle(l._id, e.target.checked)} />
            {l.name}
          </label>
        ))}
        {locationsError && <p className="admin-field__error">{locationsError}</p>}
      </fieldset>
    </>
  );
}
