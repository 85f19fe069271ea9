import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { asked, server } from './fakeServer.js';
import { createApiClient, type ApiFailure } from '../../src/api/client.js';
import { createBookingApi, type AppointmentCreateFields } from '../../src/api/booking.js';
import { answerOf } from '../../src/app/fromApi.js';
import { emptyMedicines } from '../../contract/appointments.js';

function api(fetch: typeof globalThis.fetch) {
  return createBookingApi(createApiClient({ fetch, base: '/api' }));
}

const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const request: AppointmentCreateFields = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  age: 34,
  gender: 'female',
  date: '2025-03-11',
  doctorName: 'Dr Anita Rao',
  doctorEmail: 'anita@clinic.example',
  location: 'Andheri West',
  consultationType: 'Clinic Visit',
  startTime: '10:00',
  appointmentPaymentStatus: 'failed',
  appointmentPaymentId: null,
  medicines: emptyMedicines,
};
const record = {
  ...request,
  _id: id,
  appointmentId: id,
  consultationFee: 700,
  appointmentStatus: 'Booked',
  holdExpiresAt: '2025-03-10T05:15:00.000Z',
  order: null,
  createdAt: '2025-03-10T05:00:00.000Z',
};
const checkout = { merchantOrderId: 'MO-1', checkoutPageUrl: 'https://mercury-t2.phonepe.com/transact/uat_v2?token=t1' };

describe('booking API', () => {
  const signal = new AbortController().signal;

  it('asks for the slots with the path in the order email, location, date, each part escaped', async () => {
    const slots = [
      { time: '09:00', status: 'booked' },
      { time: '10:00', status: 'free' },
    ];
    const fetch = server(200, slots);
    const result = await api(fetch).fetchTimeSlots('anita+1@clinic.example', '2025-03-11', 'Andheri West/2', signal);
    expect(isRight(result) && result.right).toEqual(slots);
    expect(asked(fetch)).toEqual({
      method: 'GET',
      url: '/api/doctor/gettimeslot/anita%2B1%40clinic.example/Andheri%20West%2F2/2025-03-11',
      body: undefined,
      authorization: undefined,
      signal,
    });
  });

  it("sends the patient's token with the slot request when given one", async () => {
    const fetch = server(200, []);
    const result = await api(fetch).fetchTimeSlots('anita@clinic.example', '2025-03-11', 'Bandra', signal, 'tok-1');
    expect(isRight(result) && result.right).toEqual([]);
    expect(asked(fetch).authorization).toBe('Bearer tok-1');
  });

  it('returns a Left DecodeFailure for a slot with an unknown status or a bad time', async () => {
    const result = await api(server(200, [{ time: '9:00', status: 'maybe' }])).fetchTimeSlots('a@b.example', '2025-03-11', 'Bandra');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: '0.time' }, { field: '0.status' }] });
  });

  it.each([
    ['addAppointment', (a: ReturnType<typeof api>) => a.addAppointment(request, 'tok-1', signal), record,
      { method: 'POST', url: '/api/appointment/add', body: request }],
    ['createAppointmentPayment', (a: ReturnType<typeof api>) => a.createAppointmentPayment({ appointmentId: id, consultationAmount: 700 }, 'tok-1', signal), checkout,
      { method: 'POST', url: '/api/payment/create-appointment', body: { appointmentId: id, consultationAmount: 700 } }],
    ['createOrderPayment', (a: ReturnType<typeof api>) => a.createOrderPayment({ pharmacyId: 'ph-1', orderId: id, amount: 125_050 }, 'tok-1', signal), { checkoutPageUrl: checkout.checkoutPageUrl },
      { method: 'POST', url: '/api/payment/create-order', body: { pharmacyId: 'ph-1', orderId: id, amount: 125_050 } }],
  ] as const)('%s posts with the bearer token and decodes the answer', async (_, call, answer, expected) => {
    const fetch = server(200, answer);
    const result: Either<ApiFailure, unknown> = await call(api(fetch));
    expect(isRight(result) && result.right).toEqual(answer);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(asked(fetch)).toEqual({ ...expected, authorization: 'Bearer tok-1', signal });
  });

  it("returns the server's 409 as a Left HttpFailure, which answerOf (fromApi) turns into the actor's error", async () => {
    const fetch = server(409, { message: 'This slot is already booked' });
    const failure = { _tag: 'HttpFailure', status: 409, message: 'This slot is already booked' };
    const result = await api(fetch).addAppointment(request, 'tok-1');
    expect(isLeft(result) && result.left).toEqual(failure);
    await expect(answerOf(api(fetch).addAppointment(request, 'tok-1'))).rejects.toEqual(failure);
  });

  it('returns a Left DecodeFailure for a payment answer without a checkout page', async () => {
    const result = await api(server(200, { merchantOrderId: 'MO-1' })).createAppointmentPayment({ appointmentId: id, consultationAmount: 700 }, 'tok-1');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: 'checkoutPageUrl' }] });
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const controller = new AbortController();
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api(fetch).fetchTimeSlots('a@b.example', '2025-03-11', 'Bandra', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
