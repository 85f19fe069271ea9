import { describe, expect, it } from 'vitest';
import { emptyMedicines } from '../../contract/appointments.js';
import {
  paymentPageUrl,
  selectCanBook,
  selectChoices,
  selectConsultationTypes,
  selectDetails,
  selectDoctor,
  selectDoctors,
  selectDoctorsStatus,
  selectFee,
  selectFeesStatus,
  selectHeldAppointment,
  selectIsAwaitingLogin,
  selectIsBusy,
  selectIsFeeKnown,
  selectIsLoadingDoctors,
  selectIsLoadingFees,
  selectIsLoadingSlots,
  selectIsRedirected,
  selectLocations,
  selectMinDate,
  selectMissingChoices,
  selectSlots,
  selectSlotsStatus,
} from '../../machines/booking/bookingMachine.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import {
  anita,
  appointmentFor,
  checkout,
  chosen,
  doctors,
  fees,
  kavita,
  loaded,
  noneFree,
  someFree,
  startBooking,
  tenTaken,
  today,
  tomorrow,
  user,
  type Booking,
} from './bookingFakes.js';

/** Book, and answer the appointment call with the server's appointment for what was asked. */
async function bookAndAnswer(booking: Booking, overrides = {}) {
  booking.send({ type: 'booking.book' });
  const call = booking.calls.addAppointment.latest();
  const appointment = appointmentFor(call.input.request, overrides);
  call.resolve(appointment);
  await settle();
  return appointment;
}

describe('bookingMachine: loading', () => {
  it('loads the doctors and the fee list at once, showing 500 meanwhile', () => {
    const { snapshot, calls } = startBooking();
    expect(calls.loadDoctors.calls).toHaveLength(1);
    expect(calls.loadFees.calls).toHaveLength(1);
    expect(calls.loadTimeSlots.calls).toHaveLength(0);
    expect(selectIsLoadingDoctors(snapshot())).toBe(true);
    expect(selectIsLoadingFees(snapshot())).toBe(true);
    expect(selectDoctorsStatus(snapshot())).toBe('loading');
    expect(selectFeesStatus(snapshot())).toBe('loading');
    expect(selectFee(snapshot())).toBe(500);
    expect(selectIsFeeKnown(snapshot())).toBe(false);
    expect(selectLocations(snapshot())).toEqual([]);
    expect(selectMinDate(snapshot())).toBe(today);
    expect(selectSlotsStatus(snapshot())).toBe('waiting');
    expect(selectCanBook(snapshot())).toBe(false);
  });

  it('offers the locations the doctors work at, in the order the list names them', async () => {
    const { snapshot } = await loaded();
    expect(selectDoctorsStatus(snapshot())).toBe('ready');
    expect(selectIsLoadingDoctors(snapshot())).toBe(false);
    expect(selectLocations(snapshot())).toEqual(['Andheri West', 'Bandra', 'Thane']);
    expect(selectDoctors(snapshot())).toEqual([]); // none before a location
  });

  it('shows 500 until the fee list loads (late), then the fee of the chosen type', async () => {
    const booking = startBooking();
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    booking.send({ type: 'type.selected', consultationType: 'Clinic Visit' });
    expect(selectFee(booking.snapshot())).toBe(500);
    expect(selectIsFeeKnown(booking.snapshot())).toBe(false);
    booking.calls.loadFees.latest().resolve(fees);
    await settle();
    expect(selectFee(booking.snapshot())).toBe(700);
    expect(selectIsFeeKnown(booking.snapshot())).toBe(true);
    booking.send({ type: 'type.selected', consultationType: 'Chat' });
    expect(selectFee(booking.snapshot())).toBe(300);
  });

  it('shows 500 with the fee list loaded and no type chosen, or a type the list lacks', async () => {
    const booking = startBooking();
    booking.calls.loadDoctors.latest().resolve(doctors);
    booking.calls.loadFees.latest().resolve({ data: [{ consultationType: 'Chat', consultationFee: 300 }] });
    await settle();
    expect(selectFee(booking.snapshot())).toBe(500);
    booking.send({ type: 'type.selected', consultationType: 'Video' });
    expect(selectFee(booking.snapshot())).toBe(500);
    expect(selectIsFeeKnown(booking.snapshot())).toBe(false);
  });

  it('keeps showing 500 when the fee list fails, refuses to book, and books after a retry', async () => {
    const booking = startBooking();
    booking.calls.loadDoctors.latest().resolve(doctors);
    booking.calls.loadFees.latest().reject(unanswered);
    await settle();
    expect(selectFeesStatus(booking.snapshot())).toBe('failed');
    expect(booking.emitted.take()).toEqual([]); // quiet: the fee line offers the retry
    await chosen(booking);
    expect(selectFee(booking.snapshot())).toBe(500);
    expect(selectCanBook(booking.snapshot())).toBe(false);

    booking.send({ type: 'booking.book' });
    expect(noticeWords(booking.emitted.take())).toEqual(['feeUnknown']);
    expect(booking.calls.addAppointment.calls).toHaveLength(0);

    booking.send({ type: 'fees.retry' });
    expect(selectIsLoadingFees(booking.snapshot())).toBe(true);
    booking.calls.loadFees.latest().resolve(fees);
    await settle();
    expect(selectFee(booking.snapshot())).toBe(700);
    expect(selectCanBook(booking.snapshot())).toBe(true);
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.calls).toHaveLength(1);
  });

  it('says something went wrong when the doctors fail, and loads them again on retry', async () => {
    const booking = startBooking();
    booking.calls.loadDoctors.latest().reject(refused(503, 'Database unavailable'));
    await settle();
    expect(selectDoctorsStatus(booking.snapshot())).toBe('failed');
    expect(noticeWords(booking.emitted.take())).toEqual(['somethingWentWrong']);
    booking.send({ type: 'location.selected', location: 'Bandra' });
    expect(selectChoices(booking.snapshot()).location).toBeNull();

    booking.send({ type: 'doctors.retry' });
    expect(booking.calls.loadDoctors.calls).toHaveLength(2);
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    booking.send({ type: 'location.selected', location: 'Bandra' });
    expect(selectChoices(booking.snapshot()).location).toBe('Bandra');
  });
});

describe('bookingMachine: choices', () => {
  it('offers the doctors of the chosen location only', async () => {
    const { snapshot, send } = await loaded();
    send({ type: 'location.selected', location: 'Bandra' });
    // Kavita is at Bandra too, but consults online only: she is offered online, not at the clinic.
    expect(selectDoctors(snapshot()).map((d) => d.email)).toEqual([anita.email]);
    send({ type: 'doctor.selected', doctorEmail: 'rahul@clinic.example' }); // works at Thane only
    expect(selectChoices(snapshot()).doctorEmail).toBeNull();
    send({ type: 'doctor.selected', doctorEmail: kavita.email });
    expect(selectChoices(snapshot()).doctorEmail).toBeNull();
    send({ type: 'location.selected', location: 'Nowhere' });
    expect(selectChoices(snapshot()).location).toBe('Bandra');
    send({ type: 'location.selected', location: '' });
    expect(selectDoctors(snapshot()).map((d) => d.email)).toEqual([kavita.email]);
    send({ type: 'doctor.selected', doctorEmail: kavita.email });
    expect(selectDoctor(snapshot())).toEqual(kavita);
  });

  it('refuses a doctor before a location', async () => {
    const { snapshot, send } = await loaded();
    send({ type: 'doctor.selected', doctorEmail: anita.email });
    expect(selectChoices(snapshot()).doctorEmail).toBeNull();
  });

  it('offers a Clinic Visit at a clinic (chosen without asking), and Chat, Video and Call online', async () => {
    const { snapshot, send } = await loaded();
    expect(selectConsultationTypes(snapshot())).toEqual(['Chat', 'Video', 'Call', 'Clinic Visit']);
    send({ type: 'location.selected', location: 'Bandra' });
    expect(selectConsultationTypes(snapshot())).toEqual(['Clinic Visit']);
    expect(selectChoices(snapshot()).consultationType).toBe('Clinic Visit');
    send({ type: 'type.selected', consultationType: 'Video' });
    expect(selectChoices(snapshot()).consultationType).toBe('Clinic Visit');
    send({ type: 'location.selected', location: '' });
    send({ type: 'doctor.selected', doctorEmail: kavita.email });
    expect(selectConsultationTypes(snapshot())).toEqual(['Chat', 'Video', 'Call']);
    expect(selectChoices(snapshot()).consultationType).toBeNull();
    send({ type: 'type.selected', consultationType: 'Clinic Visit' });
    expect(selectChoices(snapshot()).consultationType).toBeNull();
    send({ type: 'type.selected', consultationType: 'Video' });
    expect(selectChoices(snapshot()).consultationType).toBe('Video');
  });

  it('clears the type and a doctor who is not there when moving between a clinic and online', async () => {
    const { snapshot, send } = await loaded();
    send({ type: 'location.selected', location: 'Bandra' });
    send({ type: 'doctor.selected', doctorEmail: anita.email });
    expect(selectChoices(snapshot())).toMatchObject({ doctorEmail: anita.email, consultationType: 'Clinic Visit' });
    send({ type: 'location.selected', location: '' }); // Anita has no online hours
    expect(selectChoices(snapshot())).toMatchObject({ location: '', doctorEmail: null, consultationType: null });
    send({ type: 'doctor.selected', doctorEmail: kavita.email });
    send({ type: 'type.selected', consultationType: 'Call' });
    send({ type: 'location.selected', location: 'Bandra' });
    expect(selectChoices(snapshot())).toMatchObject({ location: 'Bandra', doctorEmail: null, consultationType: 'Clinic Visit' });
  });

  it('clears the doctor when the new location is not theirs, and keeps one who works there', async () => {
    const booking = await chosen(await loaded());
    booking.send({ type: 'location.selected', location: 'Bandra' }); // Anita works at Bandra too
    expect(selectChoices(booking.snapshot())).toEqual({
      location: 'Bandra',
      doctorEmail: anita.email,
      consultationType: 'Clinic Visit',
      date: tomorrow,
      time: null, // a slot of the Andheri West list
    });
    expect(booking.calls.loadTimeSlots.latest().input).toEqual({ doctorEmail: anita.email, date: tomorrow, location: 'Bandra', token: 'tok-1' });
    booking.send({ type: 'location.selected', location: 'Thane' });
    expect(selectChoices(booking.snapshot())).toEqual({
      location: 'Thane',
      doctorEmail: null,
      consultationType: 'Clinic Visit',
      date: tomorrow,
      time: null,
    });
    expect(selectSlotsStatus(booking.snapshot())).toBe('waiting');
  });

  it('refuses a date before today (clinic time) or that is no date, and accepts today', async () => {
    const { snapshot, send } = await loaded();
    for (const date of ['2025-03-09', '2025-02-30', '10/03/2025', '']) {
      send({ type: 'date.selected', date });
      expect(selectChoices(snapshot()).date, date).toBeNull();
    }
    send({ type: 'date.selected', date: today });
    expect(selectChoices(snapshot()).date).toBe(today);
  });

  it('loads the slots once doctor, location and date are chosen, in any order', async () => {
    const { snapshot, send, calls } = await loaded();
    send({ type: 'date.selected', date: tomorrow });
    send({ type: 'location.selected', location: 'Andheri West' });
    expect(calls.loadTimeSlots.calls).toHaveLength(0);
    send({ type: 'doctor.selected', doctorEmail: anita.email });
    expect(calls.loadTimeSlots.calls).toHaveLength(1);
    expect(calls.loadTimeSlots.latest().input).toEqual({ doctorEmail: anita.email, date: tomorrow, location: 'Andheri West', token: 'tok-1' });
    expect(selectIsLoadingSlots(snapshot())).toBe(true);
    expect(selectSlotsStatus(snapshot())).toBe('loading');
    send({ type: 'type.selected', consultationType: 'Video' }); // the type does not change the list
    expect(calls.loadTimeSlots.calls).toHaveLength(1);
    calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    expect(selectSlots(snapshot())).toEqual(someFree);
    expect(selectSlotsStatus(snapshot())).toBe('ready');
  });

  it('lets only a free slot be chosen', async () => {
    const booking = await chosen(await loaded());
    expect(selectChoices(booking.snapshot()).time).toBe('10:00');
    for (const time of ['09:00', '09:30', '11:00']) {
      booking.send({ type: 'slot.selected', time });
      expect(selectChoices(booking.snapshot()).time, time).toBe('10:00');
    }
    booking.send({ type: 'slot.selected', time: '10:30' });
    expect(selectChoices(booking.snapshot()).time).toBe('10:30');
  });

  it('tells the view what cannot be chosen (snapshot.can), so it can disable it', async () => {
    const booking = await chosen(await loaded());
    booking.send({ type: 'location.selected', location: '' });
    booking.send({ type: 'doctor.selected', doctorEmail: kavita.email });
    booking.send({ type: 'type.selected', consultationType: 'Video' });
    booking.calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    const can = (event: Parameters<typeof booking.send>[0]) => booking.snapshot().can(event);
    expect(can({ type: 'location.selected', location: 'Thane' })).toBe(true);
    expect(can({ type: 'location.selected', location: 'Pune' })).toBe(false);
    expect(can({ type: 'doctor.selected', doctorEmail: anita.email })).toBe(false); // no online hours
    expect(can({ type: 'doctor.selected', doctorEmail: 'rahul@clinic.example' })).toBe(false);
    expect(can({ type: 'type.selected', consultationType: 'Call' })).toBe(true);
    expect(can({ type: 'type.selected', consultationType: 'Clinic Visit' })).toBe(false);
    expect(can({ type: 'date.selected', date: today })).toBe(true);
    expect(can({ type: 'date.selected', date: '2025-03-09' })).toBe(false);
    expect(can({ type: 'date.selected', date: '2025-13-01' })).toBe(false);
    expect(can({ type: 'slot.selected', time: '10:30' })).toBe(true);
    expect(can({ type: 'slot.selected', time: '09:00' })).toBe(false); // booked
    expect(can({ type: 'slot.selected', time: '09:30' })).toBe(false); // unavailable
    expect(can({ type: 'slot.selected', time: '12:00' })).toBe(false); // not in the list
  });

  it('drops the answer for a date no longer chosen', async () => {
    const booking = await loaded();
    booking.send({ type: 'location.selected', location: 'Andheri West' });
    booking.send({ type: 'doctor.selected', doctorEmail: anita.email });
    booking.send({ type: 'date.selected', date: tomorrow });
    const first = booking.calls.loadTimeSlots.latest();
    booking.send({ type: 'date.selected', date: '2025-03-12' });
    expect(first.signal.aborted).toBe(true);
    first.resolve(someFree);
    await settle();
    expect(selectSlotsStatus(booking.snapshot())).toBe('loading');
    expect(selectSlots(booking.snapshot())).toEqual([]);
    booking.calls.loadTimeSlots.latest().resolve(noneFree);
    await settle();
    expect(selectSlots(booking.snapshot())).toEqual(noneFree);
  });

  it.each([
    ['an empty list', 'noSchedule', []],
    ['no free slot', 'notAvailable', noneFree],
  ] as const)('tells %s apart: %s', async (_, status, slots) => {
    const booking = await chosen(await loaded(), [...slots]);
    expect(selectSlotsStatus(booking.snapshot())).toBe(status);
    expect(selectChoices(booking.snapshot()).time).toBeNull();
    expect(booking.emitted.all.filter((e) => e.type === 'notice')).toEqual([]);
  });

  it('says something went wrong when the slots fail, and loads them again on retry', async () => {
    const booking = await loaded();
    booking.send({ type: 'location.selected', location: 'Andheri West' });
    booking.send({ type: 'doctor.selected', doctorEmail: anita.email });
    booking.send({ type: 'date.selected', date: tomorrow });
    booking.calls.loadTimeSlots.latest().reject(unanswered);
    await settle();
    expect(selectSlotsStatus(booking.snapshot())).toBe('failed');
    expect(noticeWords(booking.emitted.take())).toEqual(['somethingWentWrong']);
    booking.send({ type: 'slots.retry' });
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(2);
    booking.calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    expect(selectSlotsStatus(booking.snapshot())).toBe('ready');
  });

  it('keeps the personal fields prefilled from the user, and what the person types', async () => {
    const booking = await loaded();
    expect(selectDetails(booking.snapshot())).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      age: '34',
      gender: 'female',
    });
    booking.send({ type: 'details.changed', details: { phoneNumber: '91234 56789', age: '35' } });
    expect(selectDetails(booking.snapshot())).toMatchObject({ phoneNumber: '91234 56789', age: '35', firstName: 'Asha' });
  });
});

describe('bookingMachine: book', () => {
  it('names what is missing, and calls nothing', async () => {
    const booking = await loaded();
    booking.send({ type: 'location.selected', location: '' });
    booking.send({ type: 'booking.book' });
    expect(booking.emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'missingChoices', fields: ['doctorEmail', 'consultationType', 'date', 'time'] } },
    ]);
    expect(selectMissingChoices(booking.snapshot())).toEqual(['doctorEmail', 'consultationType', 'date', 'time']);
    expect(booking.calls.addAppointment.calls).toHaveLength(0);
  });

  it('books, asks for the checkout page, and sends the browser to /payment with it', async () => {
    const booking = await chosen(await loaded());
    expect(selectCanBook(booking.snapshot())).toBe(true);
    booking.send({ type: 'booking.book' });
    expect(selectIsBusy(booking.snapshot())).toBe(true);
    expect(selectCanBook(booking.snapshot())).toBe(false);
    const call = booking.calls.addAppointment.latest();
    expect(call.input).toEqual({
      token: 'tok-1',
      request: {
        firstName: 'Asha',
        lastName: 'Verma',
        email: 'asha@example.in',
        phoneNumber: '9876543210',
        age: 34,
        gender: 'female',
        date: tomorrow,
        doctorName: 'Dr Anita Rao',
        doctorEmail: anita.email,
        location: 'Andheri West',
        consultationType: 'Clinic Visit',
        startTime: '10:00',
        appointmentPaymentStatus: 'failed',
        appointmentPaymentId: null,
        medicines: emptyMedicines,
      },
    });
    // Choices cannot change while booking.
    booking.send({ type: 'slot.selected', time: '10:30' });
    expect(selectChoices(booking.snapshot()).time).toBe('10:00');

    const appointment = appointmentFor(call.input.request);
    call.resolve(appointment);
    await settle();
    expect(selectIsBusy(booking.snapshot())).toBe(true);
    expect(booking.calls.createPayment.latest().input).toEqual({
      token: 'tok-1',
      request: { appointmentId: appointment._id, consultationAmount: 700 },
    });
    booking.calls.createPayment.latest().resolve(checkout());
    await settle();

    const payUrl = checkout().checkoutPageUrl;
    const kept = { choices: selectChoices(booking.snapshot()), details: selectDetails(booking.snapshot()) };
    expect(booking.emitted.take()).toEqual([
      { type: 'redirect', url: `/#/payment?payUrl=${encodeURIComponent(payUrl)}`, payUrl, kept },
    ]);
    expect(paymentPageUrl(payUrl)).toBe(
      '/#/payment?payUrl=https%3A%2F%2Fmercury-t2.phonepe.com%2Ftransact%2Fuat_v2%3Ftoken%3Dt1%26x%3D1',
    );
    expect(selectIsRedirected(booking.snapshot())).toBe(true);
    expect(booking.snapshot().status).toBe('done');
    expect(booking.snapshot().output).toEqual({ kept, appointment, payment: checkout() });
    expect(kept.choices).toEqual({
      location: 'Andheri West',
      doctorEmail: anita.email,
      consultationType: 'Clinic Visit',
      date: tomorrow,
      time: '10:00',
    });
  });

  it.each([
    ["the server's message", refused(409, 'This slot is already booked'), 'server: This slot is already booked'],
    ['no readable message', refusedPlainly(409), 'slotTaken'],
  ])('tells a slot taken meanwhile (409, %s), clears it and reloads the slots', async (_, failure, words) => {
    const booking = await chosen(await loaded());
    booking.send({ type: 'booking.book' });
    booking.calls.addAppointment.latest().reject(failure);
    await settle();
    expect(noticeWords(booking.emitted.take())).toEqual([words]);
    expect(selectChoices(booking.snapshot())).toMatchObject({ date: tomorrow, time: null });
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(2);
    expect(selectSlotsStatus(booking.snapshot())).toBe('loading');
    booking.calls.loadTimeSlots.latest().resolve(tenTaken);
    await settle();
    booking.send({ type: 'slot.selected', time: '10:00' });
    expect(selectChoices(booking.snapshot()).time).toBeNull();
    booking.send({ type: 'slot.selected', time: '10:30' });
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.latest().input.request.startTime).toBe('10:30');
  });

  it.each([
    ["the server's message", refused(400, 'phoneNumber: must be a 10-digit phone number'), 'server: phoneNumber: must be a 10-digit phone number'],
    ['no answer', unanswered, 'somethingWentWrong'],
    ['a server failure without a message', refusedPlainly(502), 'somethingWentWrong'],
    ['an answer that is not an appointment', undecodable, 'somethingWentWrong'],
  ])('says why booking failed (%s) and keeps every choice', async (_, failure, words) => {
    const booking = await chosen(await loaded());
    const before = selectChoices(booking.snapshot());
    booking.send({ type: 'booking.book' });
    booking.calls.addAppointment.latest().reject(failure);
    await settle();
    expect(noticeWords(booking.emitted.take())).toEqual([words]);
    expect(selectChoices(booking.snapshot())).toEqual(before);
    expect(selectCanBook(booking.snapshot())).toBe(true);
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(1);
  });

  it('asks for a login when logged out, and comes back to the same choices, prefilled', async () => {
    const booking = await chosen(await loaded({ token: null, user: null }));
    expect(selectDetails(booking.snapshot()).firstName).toBe('');
    booking.send({ type: 'details.changed', details: { phoneNumber: '9123456789' } });
    const before = selectChoices(booking.snapshot());
    expect(selectCanBook(booking.snapshot())).toBe(true);

    booking.send({ type: 'booking.book' });
    expect(booking.emitted.take()).toEqual([{ type: 'login.required', expired: false }]);
    expect(selectIsAwaitingLogin(booking.snapshot())).toBe(true);
    expect(booking.calls.addAppointment.calls).toHaveLength(0);

    booking.send({ type: 'login.succeeded', token: 'tok-9', user });
    expect(selectIsAwaitingLogin(booking.snapshot())).toBe(false);
    expect(selectChoices(booking.snapshot())).toEqual(before);
    expect(selectDetails(booking.snapshot())).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phoneNumber: '9123456789', // what the person typed stays
      age: '34',
      gender: 'female',
    });
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.latest().input.token).toBe('tok-9');
  });

  it('comes back to the choices when the login popup closes without a login', async () => {
    const booking = await chosen(await loaded({ token: null, user: null }));
    booking.send({ type: 'booking.book' });
    expect(booking.emitted.take()).toEqual([{ type: 'login.required', expired: false }]);
    booking.send({ type: 'login.cancelled' });
    expect(selectIsAwaitingLogin(booking.snapshot())).toBe(false);
    expect(selectChoices(booking.snapshot()).time).toBe('10:00');
    booking.send({ type: 'booking.book' });
    expect(booking.emitted.take()).toEqual([{ type: 'login.required', expired: false }]);
  });

  it.each(['addAppointment', 'createPayment'] as const)('asks for a login again when %s answers 401', async (call) => {
    const booking = await chosen(await loaded());
    booking.send({ type: 'booking.book' });
    if (call === 'createPayment') {
      booking.calls.addAppointment.latest().resolve(appointmentFor(booking.calls.addAppointment.latest().input.request));
      await settle();
    }
    booking.calls[call].latest().reject(refused(401, 'Your session has ended. Please log in again.'));
    await settle();
    expect(booking.emitted.take()).toEqual([{ type: 'login.required', expired: true }]);
    expect(selectIsAwaitingLogin(booking.snapshot())).toBe(true);
    booking.send({ type: 'login.succeeded', token: 'tok-2', user });
    booking.send({ type: 'booking.book' });
    expect(booking.calls[call].latest().input.token).toBe('tok-2');
  });

  it('pays the same appointment again after the payment call failed, without making another', async () => {
    const booking = await chosen(await loaded());
    const appointment = await bookAndAnswer(booking);
    booking.calls.createPayment.latest().reject(unanswered);
    await settle();
    expect(noticeWords(booking.emitted.take())).toEqual(['somethingWentWrong']);
    expect(selectHeldAppointment(booking.snapshot())).toEqual(appointment);
    expect(selectCanBook(booking.snapshot())).toBe(true);

    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.calls).toHaveLength(1);
    expect(booking.calls.createPayment.calls).toHaveLength(2);
    expect(booking.calls.createPayment.latest().input.request).toEqual({ appointmentId: appointment._id, consultationAmount: 700 });
    booking.calls.createPayment.latest().resolve(checkout(2));
    await settle();
    expect(booking.snapshot().output?.appointment).toEqual(appointment);
  });

  it('makes a new appointment when the request changed since', async () => {
    const booking = await chosen(await loaded());
    await bookAndAnswer(booking);
    booking.calls.createPayment.latest().reject(refusedPlainly(503));
    await settle();
    booking.send({ type: 'details.changed', details: { phoneNumber: '9000000001' } });
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.calls).toHaveLength(2);
    expect(booking.calls.addAppointment.latest().input.request.phoneNumber).toBe('9000000001');
  });

  it('forgets the appointment when the payment service refused it (4xx), and asks for it again', async () => {
    const booking = await chosen(await loaded());
    await bookAndAnswer(booking);
    booking.calls.createPayment.latest().reject(refused(404, 'This appointment is no longer held.'));
    await settle();
    expect(noticeWords(booking.emitted.take())).toEqual(['server: This appointment is no longer held.']);
    expect(selectHeldAppointment(booking.snapshot())).toBeNull();
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.calls).toHaveLength(2);
  });

  it('treats a slot lost before paying (409 from the payment service) as a slot taken', async () => {
    const booking = await chosen(await loaded());
    await bookAndAnswer(booking);
    booking.calls.createPayment.latest().reject(refused(409, 'This slot is already booked'));
    await settle();
    expect(noticeWords(booking.emitted.take())).toEqual(['server: This slot is already booked']);
    expect(selectHeldAppointment(booking.snapshot())).toBeNull();
    expect(selectChoices(booking.snapshot()).time).toBeNull();
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(2);
  });

  it('pays nothing when the server fee is not the one shown, and shows the right fee', async () => {
    const booking = await chosen(await loaded());
    const appointment = await bookAndAnswer(booking, { consultationFee: 800 });
    expect(booking.emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'feeChanged', fee: 800 } }]);
    expect(booking.calls.createPayment.calls).toHaveLength(0);
    expect(selectFee(booking.snapshot())).toBe(800);
    booking.send({ type: 'booking.book' });
    expect(booking.calls.addAppointment.calls).toHaveLength(1);
    expect(booking.calls.createPayment.latest().input.request).toEqual({ appointmentId: appointment._id, consultationAmount: 800 });
  });

  it('forgets the login, the personal fields and the appointment when the session ends', async () => {
    const booking = await chosen(await loaded());
    await bookAndAnswer(booking);
    booking.send({ type: 'session.ended' });
    expect(selectIsBusy(booking.snapshot())).toBe(false);
    expect(booking.calls.createPayment.latest().signal.aborted).toBe(true);
    expect(selectHeldAppointment(booking.snapshot())).toBeNull();
    expect(selectDetails(booking.snapshot()).email).toBe('');
    expect(selectChoices(booking.snapshot()).time).toBe('10:00');
    booking.send({ type: 'booking.book' });
    expect(booking.emitted.take()).toEqual([{ type: 'login.required', expired: false }]);
  });
});

describe('bookingMachine: reopened with kept choices', () => {
  const kept = {
    choices: { location: 'Andheri West', doctorEmail: anita.email, consultationType: 'Clinic Visit' as const, date: tomorrow, time: '10:00' },
    details: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: '9000000001', age: '34', gender: 'female' as const },
  };

  it('restores every choice once the doctors and the slots load, and the typed fields', async () => {
    const booking = startBooking({ previous: kept });
    booking.calls.loadDoctors.latest().resolve(doctors);
    booking.calls.loadFees.latest().resolve(fees);
    await settle();
    expect(booking.calls.loadTimeSlots.latest().input).toEqual({ doctorEmail: anita.email, date: tomorrow, location: 'Andheri West', token: 'tok-1' });
    expect(selectCanBook(booking.snapshot())).toBe(false); // the slot is not confirmed free yet
    booking.calls.loadTimeSlots.latest().resolve(someFree);
    await settle();
    expect(selectChoices(booking.snapshot())).toEqual(kept.choices);
    expect(selectDetails(booking.snapshot())).toEqual(kept.details);
    expect(selectCanBook(booking.snapshot())).toBe(true);
  });

  it('drops the slot if it has gone since', async () => {
    const booking = startBooking({ previous: kept });
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    booking.calls.loadTimeSlots.latest().resolve(tenTaken);
    await settle();
    expect(selectChoices(booking.snapshot())).toEqual({ ...kept.choices, time: null });
  });

  it('drops what no longer fits: a past date, a doctor gone, a type the doctor does not offer', async () => {
    const booking = startBooking({
      today: '2025-03-12',
      previous: { choices: { ...kept.choices, location: '', doctorEmail: kavita.email } },
    });
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    expect(selectChoices(booking.snapshot())).toEqual({
      location: '',
      doctorEmail: kavita.email,
      consultationType: null,
      date: null,
      time: null,
    });
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(0);

    const gone = startBooking({ previous: kept });
    gone.calls.loadDoctors.latest().resolve([kavita]);
    await settle();
    expect(selectChoices(gone.snapshot())).toEqual({
      location: null,
      doctorEmail: null,
      consultationType: 'Clinic Visit',
      date: tomorrow,
      time: null,
    });
  });

  it('ignores kept values that are not text', async () => {
    const booking = startBooking({ previous: { choices: { location: 42, time: {} }, details: { gender: 'other', age: 34 } } as never });
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
    expect(selectChoices(booking.snapshot()).location).toBeNull();
    expect(selectDetails(booking.snapshot())).toMatchObject({ gender: 'female', age: '34' }); // from the user
  });
});
