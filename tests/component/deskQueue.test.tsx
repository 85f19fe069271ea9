/**
 * The Queue and the Day list sections wired to the real machines, with the desk's calls answered
 * by hand: a doctor's own queue at once, live from its stream (a change shown as it comes, a move
 * reading nothing; polled when the stream drops), the line in order with tokens, Call next asking
 * the room once and remembering it, Done, No-show, Back to queue, a refusal), the desk choosing a doctor;
 * the day list's table with tokens, Print and the CSV.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refused } from '../machines/accountFakes';
import { bandra, deskAnita, deskAppointment, deskDoctors, deskVikram, queueEntry, queueOf, today } from '../machines/deskFakes';
import { doctorMe, receptionMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, answerWhenCalled, expectToast } from './support';

const inRoom = queueEntry({ token: 'T1', status: 'called', place: null, room: '3', appointment: deskAppointment({ firstName: 'Meera', lastName: 'Joshi' }) });
const next = queueEntry({ token: 'T3', dueTime: '10:15', place: 1, appointment: deskAppointment({ firstName: 'Ramesh', lastName: 'Patil' }) });
const walkIn = queueEntry({ token: 'T4', kind: 'walkin', dueTime: '10:20', place: 2, appointment: deskAppointment({ firstName: 'Kiran', lastName: 'More' }) });
const absent = queueEntry({ token: 'T2', status: 'noshow', place: null, appointment: deskAppointment({ firstName: 'Asha', lastName: 'Verma' }) });

/** A doctor's Queue section; unless `live`, its stream drops at once, so the line is polled. */
async function doctorQueue(room = '', { live = false } = {}) {
  const fake = fakeStaff();
  if (room) fake.desk.rooms.set(deskAnita._id, room);
  await renderConsole({ path: '/staff/queue', fake, me: doctorMe });
  await answerWhenCalled(fake.desk.loadDoctors, (call) => {
    expect(call.input.query).toEqual({ role: 'doctor', email: doctorMe.email });
    call.resolve([deskAnita]);
  });
  expect(fake.desk.queueStream.latest().input).toEqual({ doctorId: deskAnita._id, token: 'tok-stored' });
  if (!live) await answer(() => fake.desk.queueStream.latest().drop());
  return fake;
}

describe("a doctor's queue", () => {
  it('opens their own queue of today: who is in the room, the line in order with tokens and estimates, who is finished', async () => {
    const fake = await doctorQueue();
    expect(fake.desk.loadQueue.latest().input).toEqual({ doctorId: deskAnita._id, date: today, token: 'tok-stored' });
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([next, walkIn, inRoom, absent])));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Queue: Dr Anita Rao');
    expect(screen.queryByLabelText('Doctor')).toBeNull();
    const room = screen.getByRole('region', { name: 'In the room' });
    expect(within(room).getByText('T1')).toBeTruthy();
    expect(room.textContent).toContain('Meera Joshi');
    const line = within(screen.getByRole('list', { name: 'Waiting patients, in order' })).getAllByRole('listitem');
    expect(line.map((li) => li.querySelector('.desk-line__token')?.textContent)).toEqual(['T3', 'T4']);
    expect(line[0]!.textContent).toContain('Due 10:15 · Booked · Next');
    expect(line[1]!.textContent).toContain('Due 10:20 · Walk-in · About 15 min');
    expect(screen.getByRole('region', { name: 'Seen and absent' }).textContent).toContain('No-show');
    expect(screen.getByText('No live connection: the queue is read again every few seconds.')).toBeTruthy();
    // Someone is in the room: Call next waits for Done, No-show or Back.
    expect((screen.getByRole('button', { name: 'Call next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows the live stream: each change shown as it comes, a move reads nothing; polled once the stream drops', async () => {
    const user = userEvent.setup();
    const fake = await doctorQueue('3', { live: true });
    const stream = fake.desk.queueStream.latest();
    await answer(() => stream.send(queueOf([next, walkIn])));
    expect(screen.getByText('Live: the queue changes here as soon as it changes.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Waiting patients, in order' })).getAllByRole('listitem')).toHaveLength(2);
    // The desk checks someone in: the stream brings it.
    const late = queueEntry({ token: 'T5', kind: 'walkin', dueTime: '10:40', place: 3, appointment: deskAppointment({ firstName: 'Sunil', lastName: 'Kale' }) });
    await answer(() => stream.send(queueOf([next, walkIn, late])));
    expect(within(screen.getByRole('list', { name: 'Waiting patients, in order' })).getAllByRole('listitem').map((li) => li.querySelector('.desk-line__token')?.textContent)).toEqual(['T3', 'T4', 'T5']);
    // The doctor's click: answered, and the line is not read (the stream shows the call).
    await user.click(screen.getByRole('button', { name: 'Call next' }));
    await answer(() => fake.desk.callNext.latest().resolve({ entry: { ...next, status: 'called', room: '3' } }));
    await expectToast('T3 called to room 3.', 'status');
    expect(fake.desk.loadQueue.calls).toHaveLength(0);
    await answer(() => stream.send(queueOf([walkIn, late, { ...next, status: 'called', room: '3', place: null }])));
    expect(within(screen.getByRole('region', { name: 'In the room' })).getByText('T3')).toBeTruthy();
    // The stream is lost: what is shown stays, the line is read at once and then polled.
    await answer(() => stream.drop());
    expect(stream.stopped).toBe(true);
    expect(fake.desk.loadQueue.latest().input).toEqual({ doctorId: deskAnita._id, date: today, token: 'tok-stored' });
    expect(within(screen.getByRole('region', { name: 'In the room' })).getByText('T3')).toBeTruthy();
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([walkIn, late, { ...next, status: 'called', room: '3', place: null }])));
    expect(screen.getByText('No live connection: the queue is read again every few seconds.')).toBeTruthy();
  });

  it('Call next asks the room once, remembers it, and reads the line again', async () => {
    const user = userEvent.setup();
    const fake = await doctorQueue();
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([next, walkIn])));
    expect(screen.getByText('No room set yet: Call next asks for it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Call next' }));
    const ask = screen.getByRole('form', { name: 'Which room are patients called to?' });
    await user.type(within(ask).getByLabelText('Room'), '3');
    await user.click(within(ask).getByRole('button', { name: 'Call' }));
    expect(fake.desk.callNext.latest().input).toEqual({ doctorId: deskAnita._id, room: '3', token: 'tok-stored' });
    expect(fake.desk.rooms.get(deskAnita._id)).toBe('3');
    const loads = fake.desk.loadQueue.calls.length;
    await answer(() => fake.desk.callNext.latest().resolve({ entry: { ...next, status: 'called', room: '3' } }));
    await expectToast('T3 called to room 3.', 'status');
    expect(fake.desk.loadQueue.calls.length).toBe(loads + 1);
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([walkIn, { ...next, status: 'called', room: '3', place: null }])));
    expect(screen.getByText('Calls go to room 3.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done: T3' }));
    expect(fake.desk.moveEntry.latest().input).toEqual({ entryId: next._id, move: 'done', token: 'tok-stored' });
    await answer(() => fake.desk.moveEntry.latest().resolve({ entry: { ...next, status: 'done' } }));
    await expectToast('T3: Done.', 'status');
  });

  it('a room remembered on this device is used at once; a refused call says why', async () => {
    const user = userEvent.setup();
    const fake = await doctorQueue('5');
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([next])));
    expect(screen.getByText('Calls go to room 5.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Call next' }));
    expect(fake.desk.callNext.latest().input.room).toBe('5');
    await answer(() => fake.desk.callNext.latest().reject(refused(409, 'Someone is in the room already.')));
    await expectToast('Someone is in the room already.', 'alert');
    // Another room for the calls to come.
    await user.click(screen.getByRole('button', { name: 'Change room' }));
    const ask = screen.getByRole('form', { name: 'Which room are patients called to?' });
    await user.clear(within(ask).getByLabelText('Room'));
    await user.type(within(ask).getByLabelText('Room'), '6');
    await user.click(within(ask).getByRole('button', { name: 'Save room' }));
    expect(fake.desk.rooms.get(deskAnita._id)).toBe('6');
    expect(screen.getByText('Calls go to room 6.')).toBeTruthy();
  });

  it('No-show on the waiting, Back to queue for an absent one', async () => {
    const user = userEvent.setup();
    const fake = await doctorQueue('3');
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([next, absent])));
    await user.click(screen.getByRole('button', { name: 'Back to queue: T2' }));
    expect(fake.desk.moveEntry.latest().input).toEqual({ entryId: absent._id, move: 'back', token: 'tok-stored' });
    await answer(() => fake.desk.moveEntry.latest().resolve({ entry: { ...absent, status: 'waiting' } }));
    await answer(() => fake.desk.loadQueue.latest().resolve(queueOf([next, absent])));
    await user.click(screen.getByRole('button', { name: 'No-show: T3' }));
    expect(fake.desk.moveEntry.latest().input.move).toBe('noshow');
    await answer(() => fake.desk.moveEntry.latest().reject(refused(409, 'That move is not possible now.')));
    await expectToast('That move is not possible now.', 'alert');
  });

  it('the desk chooses whose queue', async () => {
    const user = userEvent.setup();
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/queue', fake, me: receptionMe });
    await answerWhenCalled(fake.desk.loadDoctors, (call) => call.resolve([...deskDoctors]));
    expect(screen.getAllByText('Choose a doctor to see their queue.').length).toBeGreaterThan(0);
    expect(fake.desk.loadQueue.calls).toHaveLength(0);
    expect(fake.desk.queueStream.streams).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Doctor'), 'Dr Vikram Shah');
    expect(fake.desk.queueStream.latest().input.doctorId).toBe(deskVikram._id);
    await answer(() => fake.desk.queueStream.latest().drop());
    expect(fake.desk.loadQueue.latest().input.doctorId).toBe(deskVikram._id);
    await answer(() => fake.desk.loadQueue.latest().reject(refused(503, 'The queue is resting.')));
    const failure = screen.getAllByRole('alert').find((e) => e.classList.contains('staff-state'));
    expect(failure?.textContent).toContain('The queue is resting.');
    expect(within(failure!).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the day list', () => {
  it('a table of the day with time, token, patient, phone, type, status and payment; Print and the CSV', async () => {
    const user = userEvent.setup();
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/day', fake, me: receptionMe });
    await answerWhenCalled(fake.desk.loadDoctors, (call) => call.resolve([...deskDoctors]));
    expect(fake.desk.loadDay.latest().input).toEqual({ query: { date: today, doctorId: deskAnita._id, locationId: '' }, token: 'tok-stored' });
    const first = deskAppointment({ startTime: '09:00', appointmentPaymentStatus: 'paid' });
    const second = deskAppointment({ startTime: '10:30', firstName: 'Kiran', lastName: 'More', phoneNumber: '9011122233' });
    await answer(() => fake.desk.loadDay.latest().resolve({ appointments: [first, second], tokens: { [first._id]: 'T1' } }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Token', 'Patient', 'Phone', 'Type', 'Status', 'Payment']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['09:00', 'T1', `Ramesh Patil${first.appointmentId}`, '+91 98220 12345', 'Clinic VisitAndheri West', 'Booked', 'Paid']);
    expect(rows[1]).toEqual(['10:30', '—', `Kiran More${second.appointmentId}`, '+91 90111 22233', 'Clinic VisitAndheri West', 'Booked', 'To pay at the clinic']);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(fake.desk.printed()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(fake.desk.downloadDayCsv.latest().input).toEqual({ path: `/desk/day.csv?date=${today}&doctorId=${deskAnita._id}`, token: 'tok-stored' });
    await answer(() => fake.desk.downloadDayCsv.latest().reject(refused(503, 'Try again in a minute.')));
    await expectToast('Try again in a minute.', 'alert');

    await user.selectOptions(screen.getByLabelText('Location'), 'Bandra');
    expect(fake.desk.loadDay.latest().input.query).toEqual({ date: today, doctorId: deskAnita._id, locationId: bandra._id });
    await answer(() => fake.desk.loadDay.latest().resolve({ appointments: [], tokens: {} }));
    expect(screen.getByText('Nobody is booked that day.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
