import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { asked, server } from './fakeServer.js';
import { isOrphanFailure } from '../../machines/failures.js';
import { appointmentsQuery, createStaffAdminApi } from '../../src/api/staffAdmin.js';
import { appointment } from '../machines/appointmentFakes.js';
import { andheri, doctor } from '../machines/staffAdminFakes.js';

const api = (fetch: typeof globalThis.fetch) => createStaffAdminApi({ fetch, base: '/api' });
const doctorId = doctor._id;
const locationId = andheri._id;
const location = { _id: locationId, name: 'Andheri West', displayOrder: 1, doctorCount: 1, appointmentCount: 3 };
const schedule = { doctor, hours: [{ locationId, location: 'Andheri West', weekday: 1, start: '09:00', end: '13:00' }], leave: [] };
const booked = appointment({ _id: '40000000-0000-4000-8000-000000000001', appointmentId: 'SHC-1', date: '2025-03-17' });

describe('staff admin API', () => {
  const signal = new AbortController().signal;

  it('lists one day of appointments for a doctor and a location, with the bearer token', async () => {
    const fetch = server(200, [booked]);
    const result = await api(fetch).fetchAppointments({ date: '2025-03-17', doctorId, locationId: '' }, 'tok-admin', signal);
    expect(isRight(result) && result.right).toEqual([booked]);
    expect(asked(fetch)).toEqual({
      method: 'GET',
      url: `/api/staff/appointments?from=2025-03-17&to=2025-03-17&doctorId=${doctorId}`,
      body: undefined,
      authorization: 'Bearer tok-admin',
      signal,
    });
    expect(appointmentsQuery({ date: '2025-03-17', doctorId: '', locationId })).toBe(`from=2025-03-17&to=2025-03-17&locationId=${locationId}`);
  });

  it("replaces a location's week with PUT, ids escaped into the path, and decodes the schedule", async () => {
    const fetch = server(200, { message: 'Hours saved.', schedule });
    const hours = [{ weekday: 1, start: '09:00', end: '13:00' }];
    const result = await api(fetch).replaceHours(doctorId, locationId, { hours }, 'tok-admin', signal);
    expect(isRight(result) && result.right.schedule.hours).toHaveLength(1);
    expect(asked(fetch)).toMatchObject({ method: 'PUT', url: `/api/staff/doctors/${doctorId}/hours/${locationId}`, body: { hours } });
    await api(fetch).deleteLocation('a/../b', 'tok-admin');
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/staff/locations/a%2F..%2Fb');
  });

  it('answers the ORPHAN RULE as an OrphanFailure carrying the affected appointments', async () => {
    const message = 'These booked appointments would lose their slot. Move or cancel them first.';
    const fetch = server(409, { message, affected: [booked] });
    const result = await api(fetch).addLeave(doctorId, { from: '2025-03-17', to: '2025-03-17', reason: '' }, 'tok-admin');
    expect(isLeft(result)).toBe(true);
    const failure = isLeft(result) ? result.left : null;
    expect(isOrphanFailure(failure)).toBe(true);
    expect(failure).toMatchObject({ _tag: 'HttpFailure', status: 409, message, affected: [{ _id: booked._id, firstName: 'Asha' }] });
  });

  it('a plain 409 (no affected list) stays a plain HttpFailure with the server message', async () => {
    const fetch = server(409, { message: 'This email belongs to another doctor.' });
    const payload = { name: doctor.name, email: doctor.email, type: 'clinic' as const, qualification: '', slotMinutes: 30, locationIds: [locationId] };
    const result = await api(fetch).updateDoctor(doctorId, payload, 'tok-admin');
    const failure = isLeft(result) ? result.left : null;
    expect(failure).toEqual({ _tag: 'HttpFailure', status: 409, message: 'This email belongs to another doctor.' });
    expect(isOrphanFailure(failure)).toBe(false);
  });

  it("keeps a 400's named fields for the form", async () => {
    const fetch = server(400, { message: 'Please check the fields.', errors: [{ field: 'name', message: 'is required' }] });
    const result = await api(fetch).addLocation({ name: ' ' }, 'tok-admin');
    expect(isLeft(result) && result.left).toEqual({
      _tag: 'HttpFailure',
      status: 400,
      message: 'Please check the fields.',
      errors: [{ field: 'name', message: 'is required' }],
    });
    expect(asked(fetch)).toMatchObject({ method: 'POST', url: '/api/staff/locations', body: { name: ' ' } });
  });

  it('site content: each kind under its own path, reorder with the ids', async () => {
    const texts = { role: '', description: '' };
    const member = { _id: 'm1', name: 'Dr Meera', role: 'Founder', description: '', image: '', displayImage: '', displayOrder: 1, translations: { hi: texts, mr: texts } };
    const fetch = server(200, [member]);
    const result = await api(fetch).team.reorder(['m1'], 'tok-admin');
    expect(isRight(result) && result.right).toEqual([member]);
    expect(asked(fetch)).toMatchObject({ method: 'PUT', url: '/api/staff/site/team/order', body: { ids: ['m1'] } });
  });

  it('refuses an answer that is not what the contract says', async () => {
    const result = await api(server(200, [{ ...location, doctorCount: 'one' }])).fetchLocations('tok-admin');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: '0.doctorCount' }] });
  });

  it('refunds: the open ones by default; resolve with a note', async () => {
    const fetch = server(200, []);
    await api(fetch).fetchRefunds('open', 'tok-admin');
    expect(asked(fetch).url).toBe('/api/staff/refunds?state=open');
    const resolve = server(404, { message: 'No such refund.' });
    const result = await api(resolve).resolveRefund('r1', { note: 'Refunded by UPI' }, 'tok-admin');
    expect(isLeft(result) && result.left).toEqual({ _tag: 'HttpFailure', status: 404, message: 'No such refund.' });
    expect(asked(resolve)).toMatchObject({ method: 'POST', url: '/api/staff/refunds/r1/resolve', body: { note: 'Refunded by UPI' } });
  });

  it("retires a doctor (PUT /active); the ORPHAN RULE's 409 comes back with its bookings", async () => {
    const retired = server(200, { message: 'Doctor retired: no longer listed or bookable.', doctor: { ...doctor, active: false } });
    const result = await api(retired).setDoctorActive(doctorId, false, 'tok-admin', signal);
    expect(isRight(result) && result.right.doctor.active).toBe(false);
    expect(asked(retired)).toMatchObject({ method: 'PUT', url: `/api/staff/doctors/${doctorId}/active`, body: { active: false }, authorization: 'Bearer tok-admin' });
    const refused = server(409, { message: 'Move or cancel it first.', affected: [booked] });
    const failure = await api(refused).setDoctorActive(doctorId, false, 'tok-admin', signal);
    expect(isLeft(failure) && isOrphanFailure(failure.left)).toBe(true);
  });

  it("sets an order's status (PUT /staff/orders/{id}/status) and reads the appointment back", async () => {
    const order = { _id: 'o-1', appointmentId: booked._id, totalPrice: 349.5, paymentMode: 'Card', paymentStatus: 'Pending', orderStatus: 'Ready', pharmacyId: 'PH-1' };
    const fetch = server(200, { message: 'Order status saved.', appointment: { ...booked, appointmentStatus: 'Completed', order } });
    const result = await api(fetch).setOrderStatus('o-1', 'Ready', 'tok-admin', signal);
    expect(isRight(result) && result.right.appointment.order?.orderStatus).toBe('Ready');
    expect(asked(fetch)).toMatchObject({ method: 'PUT', url: '/api/staff/orders/o-1/status', body: { orderStatus: 'Ready' } });
  });
});
