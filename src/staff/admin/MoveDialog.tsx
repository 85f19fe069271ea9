/**
 * Move one booking (issue 6): the patient's edit popup's flow, fields and messages
 * (machines/appointmentEdit, src/components/Appointments/SlotChoiceFields.tsx: the doctor's
 * locations, a date from today in clinic time, the doctor's free slots that day there), saved
 * with the admin's move call (POST /staff/appointments/{id}/move, by location id).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { isLeft } from 'fp-ts/lib/Either.js';
import { useEffect, useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { Doctor } from '../../../contract/site';
import type { AdminDoctor } from '../../../contract/staffAdmin';
import {
  appointmentEditMachine,
  selectCanSave,
  selectIsSaving,
  type UpdateRequest,
} from '../../../machines/appointmentEdit/appointmentEditMachine';
import type { SlotsRequest } from '../../../machines/slotPicker/slots';
import { clinicToday } from '../../../contract/clinicTime';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { formatClinicDate, formatClinicTime } from '../../components/Appointments/format';
import { editNoticeText } from '../../components/Appointments/notices';
import { SlotChoiceFields } from '../../components/Appointments/SlotChoiceFields';
import { Dialog } from '../../components/Popup/Dialog';
import { toast } from '../../components/Toast/toast';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';
import { fromApi } from '../../app/fromApi';
import { patientName } from './parts';
import { useAdminServices } from './services';

const texts = staffAdminMessages.appointments;

/** The public doctor shape the edit flow reads (locations by name). */
const asDoctor = (d: AdminDoctor): Doctor => ({
  _id: d._id,
  name: d.name,
  email: d.email,
  type: d.type,
  qualification: d.qualification,
  locations: d.locations.map((l) => l.name),
  // The date picker's max: the booking horizon (GET /staff/doctors carries it).
  ...(d.bookableUntil === undefined ? {} : { bookableUntil: d.bookableUntil }),
});

export interface MoveDialogProps {
  readonly appointment: AppointmentRecord;
  readonly onMoved: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

export function MoveDialog({ appointment, onMoved, onClose }: MoveDialogProps) {
  const { token, onSessionExpired } = useStaff();
  const { api, now } = useAdminServices();
  const doctors = useRef<AdminDoctor[]>([]);
  const [logic] = useState(() =>
    appointmentEditMachine.provide({
      actors: {
        loadDoctors: fromApi(async (_input: unknown, signal) => {
          const answer = await api.fetchDoctors(token, signal);
          if (!isLeft(answer)) doctors.current = answer.right;
          return isLeft(answer) ? answer : { ...answer, right: answer.right.map(asDoctor) };
        }),
        slotPicker: slotPickerMachine.provide({
          actors: {
            loadTimeSlots: fromApi((input: SlotsRequest, signal) =>
              api.fetchTimeSlots(input.doctorEmail, input.date, input.location, token, signal),
            ),
          },
        }),
        updateAppointment: fromApi(async (input: { request: UpdateRequest; token: string }, signal) => {
          const { selectedLocation, newDate, selectedTime } = input.request;
          const locationId = await locationIdOf(selectedLocation, signal);
          return api.moveAppointment(appointment._id, { date: newDate, startTime: selectedTime, locationId }, token, signal);
        }),
      },
    }),
  );

  /** The id of a location of the doctor, by name (the edit flow chooses names). */
  async function locationIdOf(name: string, signal: AbortSignal): Promise<string> {
    if (name === '') return ''; // the online hours (issue 12)
    const own = doctors.current.find((d) => d.email === appointment.doctorEmail)?.locations.find((l) => l.name === name);
    if (own) return own._id;
    const all = await api.fetchLocations(token, signal);
    return (isLeft(all) ? undefined : all.right.find((l) => l.name === name)?._id) ?? '';
  }

  const [today] = useState(() => clinicToday(new Date((now ?? Date.now)())));
  const actor = useActorRef(logic, { input: { appointment, token, today } });
  const canSave = useSelector(actor, selectCanSave);
  const isSaving = useSelector(actor, selectIsSaving);

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) => (tone === 'success' ? toast.info(editNoticeText(notice)) : toast.error(editNoticeText(notice)))),
      actor.on('appointment.updated', ({ appointment: moved }) => {
        onMoved(moved);
        onClose();
      }),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, onMoved, onClose, onSessionExpired]);

  const close = () => {
    if (!isSaving) onClose();
  };

  return (
    <Dialog title={texts.moveTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <form
        className="admin-move"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'appointment.save' });
        }}
      >
        <p>
          {texts.moveSubject(
            patientName(appointment),
            appointment.doctorName,
            formatClinicDate(appointment.date),
            formatClinicTime(appointment.startTime),
          )}
        </p>
        <SlotChoiceFields actor={actor} />
        <p className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={!canSave || isSaving} aria-busy={isSaving}>
            {isSaving ? staffAdminMessages.common.saving : texts.move}
          </button>
          <button type="button" className="button button--outline" onClick={close} disabled={isSaving}>
            {staffAdminMessages.common.close}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
