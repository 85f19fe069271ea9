import { describe, expect, it } from 'vitest';
import {
  selectAppointment,
  selectCanSave,
  selectChoices,
  selectDoctorsStatus,
  selectIsLoadingDoctors,
  selectIsLoadingSlots,
  selectIsOnline,
  selectIsSaved,
  selectIsSaving,
  selectLocations,
  selectMinDate,
  selectMissingChoices,
  selectSlots,
  selectSlotsStatus,
} from '../../machines/appointmentEdit/selectors.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import { appointment, startEdit, today, tomorrow, type Edit } from './appointmentFakes.js';
import { anita, doctors, kavita, noneFree, someFree, tenTaken } from './bookingFakes.js';

const dayAfter = '2025-03-12';

/** The popup for `record` with the doctors and the first slot list (if it asks for one) answered. */
async function opened(record = appointment(), slots = someFree): Promise<Edit> {
  const edit = startEdit({ appointment: record });
  edit.calls.loadDoctors.latest().resolve(doctors);
  if (edit.calls.loadTimeSlots.calls.length > 0) edit.calls.loadTimeSlots.latest().resolve(slots);
  await settle();
  edit.emitted.take();
  return edit;
}

/** A new date chosen and its slots answered. */
async function dated(edit: Edit, date: string, slots = someFree) {
  edit.send({ type: 'date.selected', date });
  edit.calls.loadTimeSlots.latest().resolve(slots);
  await settle();
}

/** Save, answered with the moved appointment. */
async function saved(edit: Edit) {
  edit.send({ type: 'appointment.save' });
  const call = edit.calls.updateAppointment.latest();
  const moved = {
    ...selectAppointment(edit.snapshot()),
    location: call.input.request.selectedLocation,
    date: call.input.request.newDate,
    startTime: call.input.request.selectedTime,
  } as ReturnType<typeof selectAppointment>;
  call.resolve({ message: 'Appointment updated', appointment: moved });
  await settle();
  return moved;
}

describe('appointmentEditMachine: opening', () => {
  it("starts at the appointment's location and date, with no slot, and loads that day's slots", () => {
    const record = appointment({ location: 'Bandra', date: tomorrow, startTime: '10:00' });
    const { snapshot, calls } = startEdit({ appointment: record });
    expect(selectChoices(snapshot())).toEqual({ location: 'Bandra', date: tomorrow, time: null });
    expect(selectAppointment(snapshot())).toBe(record);
    expect(selectMinDate(snapshot())).toBe(today);
    expect(calls.loadDoctors.calls).toHaveLength(1);
    expect(calls.loadTimeSlots.latest().input).toEqual({
      doctorEmail: anita.email,
      location: 'Bandra',
      date: tomorrow,
      token: 'tok-1',
    });
    expect(selectIsLoadingDoctors(snapshot())).toBe(true);
    expect(selectIsLoadingSlots(snapshot())).toBe(true);
    expect(selectSlotsStatus(snapshot())).toBe('loading');
    expect(selectDoctorsStatus(snapshot())).toBe('loading');
    // Until the doctors load, the appointment's own location is the one offered.
    expect(selectLocations(snapshot())).toEqual(['Bandra']);
    expect(selectCanSave(snapshot())).toBe(false);
    expect(selectMissingChoices(snapshot())).toEqual(['time']);
  });

  it('leaves the date to choose for an appointment in the past (Expired), and loads no slots', () => {
    const { snapshot, calls } = startEdit({ appointment: appointment({ date: '2025-03-01', appointmentStatus: 'Expired' }) });
    expect(selectChoices(snapshot())).toEqual({ location: 'Andheri West', date: null, time: null });
    expect(calls.loadTimeSlots.calls).toHaveLength(0);
    expect(selectSlotsStatus(snapshot())).toBe('waiting');
    expect(selectMissingChoices(snapshot())).toEqual(['date', 'time']);
  });

  it("offers the doctor's locations once the doctors load", async () => {
    const edit = await opened();
    expect(selectDoctorsStatus(edit.snapshot())).toBe('ready');
    expect(selectLocations(edit.snapshot())).toEqual(anita.locations);
    expect(selectSlots(edit.snapshot())).toEqual(someFree);
    expect(selectSlotsStatus(edit.snapshot())).toBe('ready');
  });

  it('clears a location the doctor no longer works at, and the slots with it', async () => {
    const edit = startEdit({ appointment: appointment({ location: 'Thane' }) });
    const first = edit.calls.loadTimeSlots.latest();
    edit.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    expect(selectChoices(edit.snapshot())).toEqual({ location: null, date: tomorrow, time: null });
    expect(first.signal.aborted).toBe(true);
    expect(selectSlotsStatus(edit.snapshot())).toBe('waiting');
    expect(selectLocations(edit.snapshot())).toEqual(anita.locations);
  });

  it("keeps the appointment's location when its doctor is not in the list", async () => {
    const edit = startEdit({ appointment: appointment({ doctorEmail: 'gone@clinic.example', location: 'Thane' }) });
    edit.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    expect(selectLocations(edit.snapshot())).toEqual(['Thane']);
    expect(selectChoices(edit.snapshot()).location).toBe('Thane');
  });

  it("says something went wrong when the doctors fail; the appointment's location stays usable; retry", async () => {
    const edit = startEdit();
    edit.calls.loadDoctors.latest().reject(unanswered);
    edit.calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    expect(noticeWords(edit.emitted.take())).toEqual(['somethingWentWrong']);
    expect(selectDoctorsStatus(edit.snapshot())).toBe('failed');
    expect(selectLocations(edit.snapshot())).toEqual(['Andheri West']);
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(true);
    edit.send({ type: 'doctors.retry' });
    expect(edit.calls.loadDoctors.calls).toHaveLength(2);
    expect(selectIsLoadingDoctors(edit.snapshot())).toBe(true);
  });
});

describe('appointmentEditMachine: an online appointment', () => {
  it("stays online: no clinic is offered, the online hours' slots load, and Save sends location ''", async () => {
    const record = appointment({ location: '', consultationType: 'Video', date: tomorrow, startTime: '10:00' });
    const edit = await opened(record);
    expect(selectIsOnline(edit.snapshot())).toBe(true);
    expect(edit.calls.loadTimeSlots.calls[0]!.input).toMatchObject({ location: '', date: tomorrow });
    // The doctor works at clinics, but the appointment is online: only the online "place" is offered.
    expect(selectLocations(edit.snapshot())).toEqual(['']);
    edit.send({ type: 'location.selected', location: 'Bandra' });
    expect(selectChoices(edit.snapshot()).location, 'a clinic is refused').toBe('');
    await dated(edit, dayAfter);
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(true);
    const moved = await saved(edit);
    expect(moved.location).toBe('');
    expect(selectIsSaved(edit.snapshot())).toBe(true);
  });

  it('a clinic appointment is not online', async () => {
    expect(selectIsOnline((await opened(appointment({ location: 'Bandra' }))).snapshot())).toBe(false);
  });
});

describe('appointmentEditMachine: choosing', () => {
  it("accepts only the doctor's locations", async () => {
    const edit = await opened();
    edit.send({ type: 'location.selected', location: 'Thane' });
    expect(selectChoices(edit.snapshot()).location).toBe('Andheri West');
    edit.send({ type: 'location.selected', location: 'Bandra' });
    expect(selectChoices(edit.snapshot())).toEqual({ location: 'Bandra', date: tomorrow, time: null });
    expect(edit.calls.loadTimeSlots.latest().input).toMatchObject({ location: 'Bandra', date: tomorrow });
  });

  it('accepts no date before today, and no date that is not a calendar day', async () => {
    const edit = await opened();
    for (const date of ['2025-03-09', '2025-02-30', '11/03/2025', '']) {
      edit.send({ type: 'date.selected', date });
      expect(selectChoices(edit.snapshot()).date, date).toBe(tomorrow);
    }
    await dated(edit, today);
    expect(selectChoices(edit.snapshot()).date).toBe(today);
  });

  it('accepts only a free slot of the loaded list, and clears it when the date changes', async () => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '09:00' }); // booked
    edit.send({ type: 'slot.selected', time: '09:30' }); // unavailable
    edit.send({ type: 'slot.selected', time: '11:00' }); // not in the list
    expect(selectChoices(edit.snapshot()).time).toBeNull();
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectChoices(edit.snapshot()).time).toBe('10:30');
    await dated(edit, dayAfter);
    expect(selectChoices(edit.snapshot())).toEqual({ location: 'Andheri West', date: dayAfter, time: null });
  });

  it('shows the empty states of the slot list, as booking does', async () => {
    const edit = await opened();
    await dated(edit, dayAfter, []);
    expect(selectSlotsStatus(edit.snapshot())).toBe('noSchedule');
    await dated(edit, tomorrow, noneFree);
    expect(selectSlotsStatus(edit.snapshot())).toBe('notAvailable');
  });

  it('says something went wrong when the slots fail, and loads them again on retry', async () => {
    const edit = await opened();
    edit.send({ type: 'date.selected', date: dayAfter });
    edit.calls.loadTimeSlots.latest().reject(refused(503, 'Database unavailable'));
    await settle();
    expect(selectSlotsStatus(edit.snapshot())).toBe('failed');
    expect(noticeWords(edit.emitted.take())).toEqual(['somethingWentWrong']);
    edit.send({ type: 'slots.retry' });
    expect(edit.calls.loadTimeSlots.latest().input).toMatchObject({ date: dayAfter });
    expect(selectSlotsStatus(edit.snapshot())).toBe('loading');
  });

  it('drops the answer for a date no longer chosen', async () => {
    const edit = await opened();
    edit.send({ type: 'date.selected', date: dayAfter });
    const older = edit.calls.loadTimeSlots.latest();
    edit.send({ type: 'date.selected', date: tomorrow });
    expect(older.signal.aborted).toBe(true);
    older.resolve(noneFree);
    await settle();
    expect(selectSlotsStatus(edit.snapshot())).toBe('loading');
  });
});

describe('appointmentEditMachine: Save (spec §5)', () => {
  it('does nothing, silently, until a location, a date and a free slot are chosen', async () => {
    const edit = startEdit({ appointment: appointment({ date: '2025-03-01', appointmentStatus: 'Expired' }) });
    edit.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    edit.send({ type: 'appointment.save' });
    edit.send({ type: 'location.selected', location: 'Bandra' });
    edit.send({ type: 'appointment.save' });
    await dated(edit, tomorrow);
    edit.send({ type: 'appointment.save' });
    expect(selectCanSave(edit.snapshot())).toBe(false);
    expect(edit.calls.updateAppointment.calls).toHaveLength(0);
    expect(edit.emitted.all.filter((e) => e.type === 'notice')).toEqual([]);
    edit.send({ type: 'slot.selected', time: '10:00' });
    expect(selectMissingChoices(edit.snapshot())).toEqual([]);
    expect(selectCanSave(edit.snapshot())).toBe(true);
    edit.send({ type: 'appointment.save' });
    expect(edit.calls.updateAppointment.calls).toHaveLength(1);
  });

  it('does nothing with no location (cleared by the doctors), even with a date and slot', async () => {
    const edit = startEdit({ appointment: appointment({ location: 'Thane' }) });
    edit.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    edit.send({ type: 'appointment.save' });
    expect(selectMissingChoices(edit.snapshot())).toEqual(['location', 'time']);
    expect(edit.calls.updateAppointment.calls).toHaveLength(0);
  });

  it("does nothing for a move to the appointment's own slot", async () => {
    const record = appointment({ date: tomorrow, startTime: '10:30' });
    // The server shows the patient's own hold as free to them.
    const edit = await opened(record);
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectChoices(edit.snapshot()).time).toBe('10:30');
    expect(selectCanSave(edit.snapshot())).toBe(false);
    edit.send({ type: 'appointment.save' });
    expect(edit.calls.updateAppointment.calls).toHaveLength(0);
  });

  it.each(['Completed', 'Cancelled'] as const)('does nothing for a %s appointment', async (appointmentStatus) => {
    const edit = await opened(appointment({ appointmentStatus }));
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(false);
    edit.send({ type: 'appointment.save' });
    expect(edit.calls.updateAppointment.calls).toHaveLength(0);
  });

  it("moves the appointment: the record's _id, the new location, date and slot, with the token", async () => {
    const record = appointment();
    const edit = await opened(record);
    edit.send({ type: 'location.selected', location: 'Bandra' });
    edit.calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    edit.send({ type: 'slot.selected', time: '10:30' });
    edit.send({ type: 'appointment.save' });
    expect(selectIsSaving(edit.snapshot())).toBe(true);
    expect(selectCanSave(edit.snapshot())).toBe(false);
    expect(edit.calls.updateAppointment.latest().input).toEqual({
      request: { selectedLocation: 'Bandra', appointmentToEdit: record._id, newDate: tomorrow, selectedTime: '10:30' },
      token: 'tok-1',
    });
    // Choices wait while saving.
    edit.send({ type: 'slot.selected', time: '10:00' });
    expect(selectChoices(edit.snapshot()).time).toBe('10:30');
    edit.send({ type: 'appointment.save' });
    expect(edit.calls.updateAppointment.calls).toHaveLength(1);
  });

  it("says 'Appointment updated successfully.', hands the moved appointment on, and is done", async () => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '10:30' });
    const moved = await saved(edit);
    expect(edit.emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'updated' } },
      { type: 'appointment.updated', appointment: moved },
    ]);
    expect(selectIsSaved(edit.snapshot())).toBe(true);
    expect(selectIsSaving(edit.snapshot())).toBe(false);
    expect(edit.snapshot().status).toBe('done');
    expect(edit.snapshot().output).toEqual({ appointment: moved });
    expect(selectDoctorsStatus(edit.snapshot())).toBe('ready');
  });

  it('reloads the slots when the slot was taken meanwhile (409), with the server’s words', async () => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '10:00' });
    edit.send({ type: 'appointment.save' });
    edit.calls.updateAppointment.latest().reject(refused(409, 'This slot is already booked'));
    await settle();
    expect(noticeWords(edit.emitted.take())).toEqual(['server: This slot is already booked']);
    expect(selectChoices(edit.snapshot()).time).toBeNull();
    expect(edit.calls.loadTimeSlots.calls).toHaveLength(2);
    edit.calls.loadTimeSlots.latest().resolve(tenTaken);
    await settle();
    edit.send({ type: 'slot.selected', time: '10:00' });
    expect(selectChoices(edit.snapshot()).time).toBeNull();
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(true);
  });

  it("says the slot is taken on a 409 without words", async () => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '10:00' });
    edit.send({ type: 'appointment.save' });
    edit.calls.updateAppointment.latest().reject(refusedPlainly(409));
    await settle();
    expect(noticeWords(edit.emitted.take())).toEqual(['slotTaken']);
  });

  it.each([
    ['the server refuses with its words', refused(400, 'The doctor does not work at Bandra on that day.'), ['server: The doctor does not work at Bandra on that day.']],
    ['the server refuses without words', refusedPlainly(403), ['updateFailed']],
    ['the server fails with its words', refused(500, 'Internal error'), ['server: Internal error']],
    ['the server fails without words', refusedPlainly(502), ['updateFailed']],
    ['no answer comes', unanswered, ['updateError']],
    ['the answer is not what the contract says', undecodable, ['updateError']],
  ])('when %s, says so, keeps the choices, and Save works again', async (_, failure, words) => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '10:30' });
    edit.send({ type: 'appointment.save' });
    edit.calls.updateAppointment.latest().reject(failure);
    await settle();
    expect(noticeWords(edit.emitted.take())).toEqual(words);
    expect(selectChoices(edit.snapshot())).toEqual({ location: 'Andheri West', date: tomorrow, time: '10:30' });
    expect(edit.calls.loadTimeSlots.calls).toHaveLength(1);
    expect(selectCanSave(edit.snapshot())).toBe(true);
    edit.send({ type: 'appointment.save' });
    expect(edit.calls.updateAppointment.calls).toHaveLength(2);
  });

  it('a 401 is refused as any other answer: updateFailed, the choices kept (the request base ends the session)', async () => {
    const edit = await opened();
    edit.send({ type: 'slot.selected', time: '10:30' });
    edit.send({ type: 'appointment.save' });
    edit.calls.updateAppointment.latest().reject(refusedPlainly(401));
    await settle();
    expect(edit.emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'updateFailed' } }]);
    expect(selectChoices(edit.snapshot())).toEqual({ location: 'Andheri West', date: tomorrow, time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(true);
  });

  it("works with an online doctor's appointment too (the type is the appointment's)", async () => {
    const record = appointment({ doctorEmail: kavita.email, doctorName: kavita.name, location: 'Bandra', consultationType: 'Chat' });
    const edit = await opened(record);
    expect(selectLocations(edit.snapshot())).toEqual(['Bandra']);
    expect(edit.calls.loadTimeSlots.latest().input.doctorEmail).toBe(kavita.email);
    edit.send({ type: 'slot.selected', time: '10:30' });
    expect(selectCanSave(edit.snapshot())).toBe(true);
  });
});
