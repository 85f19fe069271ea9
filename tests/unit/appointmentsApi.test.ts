import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { asked, server } from './fakeServer.js';
import { createApiClient, type ApiFailure } from '../../src/api/client.js';
import { createAppointmentsApi, fileNameOf, orderPaymentFields } from '../../src/api/appointments.js';
import { answerOf } from '../../src/app/fromApi.js';
import { emptyMedicines, type Order } from '../../contract/appointments.js';

function api(fetch: typeof globalThis.fetch) {
  return createAppointmentsApi(createApiClient({ fetch, base: '/api' }));
}

const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const userId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const order: Order = {
  _id: '11111111-2222-4333-8444-555555555555',
  appointmentId: id,
  totalPrice: 1250.5,
  paymentMode: 'Card',
  paymentStatus: 'Pending',
  orderStatus: 'Processing',
  pharmacyId: 'ph-1',
};
const record = {
  _id: id,
  appointmentId: id,
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  age: 34,
  gender: 'female',
  doctorEmail: 'anita@clinic.example',
  doctorName: 'Dr Anita Rao',
  location: 'Andheri West',
  date: '2025-03-11',
  startTime: '10:00',
  consultationType: 'Video',
  consultationFee: 450,
  appointmentStatus: 'Completed',
  appointmentPaymentStatus: 'paid',
  appointmentPaymentId: 'PAY-1',
  holdExpiresAt: null,
  medicines: emptyMedicines,
  order,
  createdAt: '2025-03-10T05:00:00.000Z',
};
const update = { selectedLocation: 'Bandra', appointmentToEdit: id, newDate: '2025-03-12', selectedTime: '10:30' };

describe('appointments API', () => {
  const signal = new AbortController().signal;

  it("fetches the user's appointments with the bearer token, the email escaped into the path", async () => {
    const fetch = server(200, [record]);
    const result = await api(fetch).fetchAppointments('asha+clinic@example.in', 'tok-1', signal);
    expect(isRight(result) && result.right).toEqual([record]);
    expect(asked(fetch)).toEqual({
      method: 'GET',
      url: '/api/auth/getUser/asha%2Bclinic%40example.in',
      body: undefined,
      authorization: 'Bearer tok-1',
      signal,
    });
  });

  it('escapes a slash or a question mark in the email, so it cannot reach another path', async () => {
    const fetch = server(200, []);
    await api(fetch).fetchAppointments('a/../b?x=1@example.in', 'tok-1');
    expect(asked(fetch).url).toBe('/api/auth/getUser/a%2F..%2Fb%3Fx%3D1%40example.in');
  });

  it('returns a Left DecodeFailure for a list with a record that is not an appointment', async () => {
    const result = await api(server(200, [{ ...record, appointmentStatus: 'Lost' }])).fetchAppointments('a@b.example', 'tok-1');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: '0.appointmentStatus' }] });
  });

  it("returns the server's 403 as a Left HttpFailure, which answerOf (fromApi) turns into the actor's error", async () => {
    const fetch = server(403, { message: 'These are not your appointments.' });
    const failure = { _tag: 'HttpFailure', status: 403, message: 'These are not your appointments.' };
    expect(await api(fetch).fetchAppointments('b@b.example', 'tok-1').then((r) => isLeft(r) && r.left)).toEqual(failure);
    await expect(answerOf(api(fetch).fetchAppointments('b@b.example', 'tok-1'))).rejects.toEqual(failure);
  });

  it('puts the update with the bearer token and decodes the moved appointment', async () => {
    const answer = { message: 'Appointment updated', appointment: { ...record, location: 'Bandra', date: '2025-03-12', startTime: '10:30' } };
    const fetch = server(200, answer);
    const result = await api(fetch).updateAppointment(update, 'tok-1', signal);
    expect(isRight(result) && result.right).toEqual(answer);
    expect(asked(fetch)).toEqual({ method: 'PUT', url: '/api/appointment/update', body: update, authorization: 'Bearer tok-1', signal });
  });

  it("returns the update's 409 with the server's words", async () => {
    const result = await api(server(409, { message: 'This slot is already booked' })).updateAppointment(update, 'tok-1');
    expect(isLeft(result) && result.left).toEqual({ _tag: 'HttpFailure', status: 409, message: 'This slot is already booked' });
  });

  it('returns a Left DecodeFailure for an update answer without the appointment', async () => {
    const result = await api(server(200, { message: 'ok' })).updateAppointment(update, 'tok-1');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: 'appointment' }] });
  });

  it('deletes with the bearer token, both path parts escaped', async () => {
    const fetch = server(200, { message: 'Appointment cancelled' });
    const result = await api(fetch).deleteAppointment(userId, id, 'tok-1', signal);
    expect(isRight(result) && result.right).toEqual({ message: 'Appointment cancelled' });
    expect(asked(fetch)).toEqual({
      method: 'DELETE',
      url: `/api/appointment/delete/${userId}/${id}`,
      body: undefined,
      authorization: 'Bearer tok-1',
      signal,
    });
    const odd = server(200, { message: 'ok' });
    await api(odd).deleteAppointment('u/1', '../x?y', 'tok-1');
    expect(asked(odd).url).toBe('/api/appointment/delete/u%2F1/..%2Fx%3Fy');
  });

  it('returns a refused delete as a Left HttpFailure with a generic message when the body has none', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result: Either<ApiFailure, unknown> = await api(fetch).deleteAppointment(userId, id, 'tok-1');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'HttpFailure', status: 502, generic: true });
  });

  it("pays an order: create-order with its pharmacy, its _id and its total in paise", async () => {
    const fetch = server(200, { checkoutPageUrl: 'https://mercury-t2.phonepe.com/transact/uat_v2?token=o1' });
    const result = await api(fetch).payOrder(order, 'tok-1', signal);
    expect(isRight(result) && result.right).toEqual({ checkoutPageUrl: 'https://mercury-t2.phonepe.com/transact/uat_v2?token=o1' });
    expect(asked(fetch)).toEqual({
      method: 'POST',
      url: '/api/payment/create-order',
      body: { pharmacyId: 'ph-1', orderId: order._id, amount: 125_050 },
      authorization: 'Bearer tok-1',
      signal,
    });
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const controller = new AbortController();
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api(fetch).fetchAppointments('a@b.example', 'tok-1', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('downloadCalendar', () => {
  const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

  it('fetches the .ics with the bearer token and names it as the server says', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response(ics, {
          status: 200,
          headers: { 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="sahaj-APT-1001.ics"' },
        }),
    );
    const signal = new AbortController().signal;
    const result = await api(fetch).downloadCalendar(id, 'tok-1', signal);
    if (!isRight(result)) throw new Error('expected the file');
    expect(result.right.fileName).toBe('sahaj-APT-1001.ics');
    expect(await result.right.content.text()).toBe(ics);
    expect(result.right.content.type).toMatch(/^text\/calendar/);
    expect(asked(fetch)).toMatchObject({ method: undefined, url: `/api/appointment/${id}/calendar.ics`, authorization: 'Bearer tok-1', signal });
  });

  it('escapes the id into the path', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(ics, { status: 200 }));
    await api(fetch).downloadCalendar('../x?y', 'tok-1');
    expect(asked(fetch).url).toBe('/api/appointment/..%2Fx%3Fy/calendar.ics');
  });

  it("returns the server's refusal with its words, or a generic one", async () => {
    const refused = await api(server(409, { message: 'Only a booked appointment whose fee is paid can be added to a calendar.' })).downloadCalendar(id, 'tok-1');
    expect(isLeft(refused) && refused.left).toEqual({
      _tag: 'HttpFailure',
      status: 409,
      message: 'Only a booked appointment whose fee is paid can be added to a calendar.',
    });
    const plain = vi.fn<typeof globalThis.fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failed = await api(plain).downloadCalendar(id, 'tok-1');
    expect(isLeft(failed) && failed.left).toMatchObject({ _tag: 'HttpFailure', status: 502, generic: true });
  });

  it('returns a NetworkFailure without an answer, and rejects when the caller aborts', async () => {
    const offline = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await api(offline).downloadCalendar(id, 'tok-1');
    expect(isLeft(result) && result.left).toEqual({ _tag: 'NetworkFailure', message: 'Failed to fetch' });

    const controller = new AbortController();
    const hanging = vi.fn<typeof globalThis.fetch>(
      (_, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api(hanging).downloadCalendar(id, 'tok-1', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['attachment; filename="sahaj-APT-1.ics"', 'sahaj-APT-1.ics'],
    [null, 'appointment.ics'],
    ['attachment', 'appointment.ics'],
    ['attachment; filename="../../etc/passwd"', 'appointment.ics'],
  ])('names the file from %j as %s', (disposition, name) => {
    expect(fileNameOf(disposition)).toBe(name);
  });
});

describe('orderPaymentFields', () => {
  it.each([
    [1250.5, 125_050],
    [19.99, 1999],
    [349.5, 34_950],
    [500, 50_000],
  ])('asks for ₹%s as %s paise', (totalPrice, amount) => {
    expect(orderPaymentFields({ ...order, totalPrice })).toEqual({ pharmacyId: 'ph-1', orderId: order._id, amount });
  });
});
