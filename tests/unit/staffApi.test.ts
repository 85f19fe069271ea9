import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { createDispensaryApi } from '../../src/api/dispensary.js';
import { createStaffApi, staffAppointmentsQuery } from '../../src/api/staff.js';
import { asked, server } from './fakeServer.js';
import { adminDoctor, auditEntry, detailOf, doctorMe, prescription, staffAppointment } from '../machines/staffConsoleFakes.js';

function api(fetch: typeof globalThis.fetch) {
  return createStaffApi(createApiClient({ fetch, base: '/api' }));
}
const dispensary = (fetch: typeof globalThis.fetch) => createDispensaryApi(createApiClient({ fetch, base: '/api' }));

const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('staff api', () => {
  it('GET /staff/me with the bearer token, decoded', async () => {
    const fetch = server(200, doctorMe);
    const signal = new AbortController().signal;
    const result = await api(fetch).fetchStaffMe('tok-1', signal);
    expect(result).toEqual({ _tag: 'Right', right: doctorMe });
    expect(asked(fetch)).toMatchObject({ method: 'GET', url: '/api/staff/me', authorization: 'Bearer tok-1', signal });
  });

  it("a patient's token: the server's 403 words", async () => {
    const result = await api(server(403, { message: 'This is for clinic staff only.' })).fetchStaffMe('tok-1');
    expect(isLeft(result) && result.left).toEqual({ _tag: 'HttpFailure', status: 403, message: 'This is for clinic staff only.' });
  });

  it('lists a range with the filters given, leaving out the empty ones', async () => {
    expect(staffAppointmentsQuery({ from: '2025-03-10', to: '2025-03-10' })).toBe('from=2025-03-10&to=2025-03-10');
    expect(staffAppointmentsQuery({ from: '2025-03-11', to: '2025-04-09', doctorId: 'd 1', locationId: null })).toBe(
      'from=2025-03-11&to=2025-04-09&doctorId=d+1',
    );
    const record = staffAppointment({ _id: id });
    const fetch = server(200, [record]);
    const result = await api(fetch).fetchStaffAppointments({ from: '2025-03-10', to: '2025-03-12', locationId: 'loc-1' }, 'tok-2');
    expect(isRight(result) && result.right).toEqual([record]);
    expect(asked(fetch)).toMatchObject({
      url: '/api/staff/appointments?from=2025-03-10&to=2025-03-12&locationId=loc-1',
      authorization: 'Bearer tok-2',
    });
  });

  it('one appointment (escaped into the path) and the admin filter doctors', async () => {
    const detail = detailOf(staffAppointment({ _id: id }));
    const fetch = server(200, detail);
    expect(isRight(await api(fetch).fetchStaffAppointment('a/b', 'tok'))).toBe(true);
    expect(asked(fetch).url).toBe('/api/staff/appointments/a%2Fb');
    const doctors = [adminDoctor('Dr Anita Rao', [{ _id: 'loc-1', name: 'Andheri West' }])];
    const listed = server(200, doctors);
    expect(await api(listed).fetchFilterDoctors('tok')).toEqual({ _tag: 'Right', right: doctors });
    expect(asked(listed).url).toBe('/api/staff/doctors');
  });

  it('an answer that is not what the contract says is a decode failure', async () => {
    const result = await api(server(200, { appointment: { _id: id } })).fetchStaffAppointment(id, 'tok');
    expect(isLeft(result) && result.left._tag).toBe('DecodeFailure');
  });

  it('POSTs the prescription and the order', async () => {
    const answer = { message: 'Consultation completed.', appointment: staffAppointment({ _id: id, appointmentStatus: 'Completed' }) };
    const complete = server(200, answer);
    expect(await api(complete).completeAppointment(id, prescription, 'tok-3')).toEqual({ _tag: 'Right', right: answer });
    expect(asked(complete)).toMatchObject({
      method: 'POST',
      url: `/api/staff/appointments/${id}/complete`,
      body: prescription,
      authorization: 'Bearer tok-3',
    });
    const order = server(200, { ...answer, message: 'Order created.' });
    const request = { lines: [{ itemId: 'i-arn', quantity: 2 }, { name: 'Calendula cream', quantity: 1, unitPrice: 120 }], paymentMode: 'Card' as const, locationId: 'loc-1', fulfilment: 'pickup' as const };
    await api(order).createOrder(id, request, 'tok-3');
    expect(asked(order)).toMatchObject({
      method: 'POST',
      url: `/api/staff/appointments/${id}/order`,
      body: request,
    });
  });

  it("the order form's catalogue search is the dispensary's endpoint: q encoded, the order's location named", async () => {
    const hit = { id: 'i-arn', name: 'Arnica Montana', form: 'pills', potency: '30C', pack: '2 dram', price: 90, archived: false, stock: 12 };
    const search = server(200, { items: [hit] });
    expect(await dispensary(search).search('arn & co', 'loc-1', 'tok-3')).toEqual({ _tag: 'Right', right: { items: [hit] } });
    expect(asked(search)).toMatchObject({ method: 'GET', url: '/api/staff/catalogue/search?q=arn+%26+co&locationId=loc-1', authorization: 'Bearer tok-3' });
    const nowhere = server(200, { items: [{ ...hit, stock: null }] });
    await dispensary(nowhere).search('arn', null, 'tok-3');
    expect(asked(nowhere).url).toBe('/api/staff/catalogue/search?q=arn');
  });

  it('asks the audit log a page at a time', async () => {
    const first = server(200, [auditEntry(9)]);
    expect(await api(first).fetchAudit({ limit: 50 }, 'tok')).toEqual({ _tag: 'Right', right: [auditEntry(9)] });
    expect(asked(first).url).toBe('/api/staff/audit?limit=50');
    const older = server(200, []);
    await api(older).fetchAudit({ limit: 50, before: '9' }, 'tok');
    expect(asked(older).url).toBe('/api/staff/audit?limit=50&before=9');
  });
});
