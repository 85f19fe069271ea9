/** The desk's rule checks (server/desk/checks/), one describe each, and the CSV writer. */
import { describe, expect, it } from 'vitest';
import { emptyMedicines, type AppointmentRecord } from '../../../contract/appointments';
import type { StoredAppointment } from '../../../server/repositories/appointmentRecords';
import { ServiceError } from '../../../server/services/errors';
import type { DayPlan } from '../../../server/services/schedule';
import { accountOnlyTypes } from '../../../server/desk/checks/accountOnlyTypes';
import { checkInAllowed } from '../../../server/desk/checks/checkInAllowed';
import { counterPayable } from '../../../server/desk/checks/counterPayable';
import { dueTime, lateGraceMinutes } from '../../../server/desk/checks/dueTime';
import { moveAllowed } from '../../../server/desk/checks/moveAllowed';
import { profileKnown } from '../../../server/desk/checks/profileKnown';
import { worksHereToday } from '../../../server/desk/checks/worksHereToday';
import { csvCell, toCsv } from '../../../server/desk/csv';

/** What a check's throw answers (status and code); null when it passed. */
function refusal(run: () => unknown): { status: number; code: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, code: error.code };
  }
}

// Tuesday 11 March 2025, 10:00 in the clinic.
const at = new Date('2025-03-11T04:30:00Z');

function stored(change: Partial<Record<keyof AppointmentRecord, unknown>> = {}, extra: Partial<StoredAppointment> = {}): StoredAppointment {
  const record = {
    _id: 'a-1', appointmentId: 'SHC-25-000001', firstName: 'Asha', lastName: 'Kale', email: '', phoneNumber: '9822012345', age: 60, gender: 'female',
    doctorEmail: 'd@x', doctorName: 'Dr. X', location: 'Aundh', date: '2025-03-11', startTime: '11:00', consultationType: 'Clinic Visit',
    consultationFee: 500, appointmentStatus: 'Booked', appointmentPaymentStatus: 'due', appointmentPaymentId: null, holdExpiresAt: null,
    medicines: emptyMedicines, order: null, createdAt: at.toISOString(), familyMemberId: null, accountHolder: { firstName: 'Asha', lastName: 'Kale' }, consentAt: null,
    ...change,
  } as unknown as AppointmentRecord;
  return { record, userId: 'u-1', doctorId: 'd-1', slotMinutes: 15, holdsSlot: true, holdExpiresAt: null, holderDeleted: false, locationId: 'l-1', bookedVia: 'desk', inQueue: false, ...extra };
}

describe('the queue rule (dueTime)', () => {
  it('keeps a booked patient at their slot until more than the grace late, then at their arrival', () => {
    expect(lateGraceMinutes).toBe(15);
    expect(dueTime({ walkIn: false, slotStart: '10:30', arrival: '10:05' })).toBe('10:30');
    expect(dueTime({ walkIn: false, slotStart: '10:30', arrival: '10:45' })).toBe('10:30');
    expect(dueTime({ walkIn: false, slotStart: '10:30', arrival: '10:46' })).toBe('10:46');
  });
  it('puts a walk-in at their arrival', () => {
    expect(dueTime({ walkIn: true, slotStart: '10:07', arrival: '10:07' })).toBe('10:07');
  });
});

describe('moveAllowed', () => {
  it('leaves the room by done, back and noshow, the line by noshow only, nothing finished', () => {
    const table = (['waiting', 'called', 'done', 'noshow'] as const).map((status) =>
      (['done', 'back', 'noshow'] as const).map((move) => refusal(() => moveAllowed(status, move))?.code ?? 'ok'),
    );
    expect(table).toEqual([
      ['queueMoveRefused', 'queueMoveRefused', 'ok'],
      ['ok', 'ok', 'ok'],
      ['queueMoveRefused', 'queueMoveRefused', 'queueMoveRefused'],
      ['queueMoveRefused', 'queueMoveRefused', 'queueMoveRefused'],
    ]);
  });
});

describe('accountOnlyTypes', () => {
  it('gives a patient without an account a Clinic Visit or a Call only', () => {
    expect(refusal(() => accountOnlyTypes({ kind: 'desk' }, 'Clinic Visit'))).toBeNull();
    expect(refusal(() => accountOnlyTypes({ kind: 'desk' }, 'Call'))).toBeNull();
    expect(refusal(() => accountOnlyTypes({ kind: 'desk' }, 'Chat'))).toMatchObject({ status: 400 });
    expect(refusal(() => accountOnlyTypes({ kind: 'desk' }, 'Video'))).toMatchObject({ status: 400 });
    expect(refusal(() => accountOnlyTypes({ kind: 'account' }, 'Video'))).toBeNull();
  });
});

describe('profileKnown', () => {
  const patient = { _id: 'u', firstName: 'A', lastName: 'B', phoneNumber: '9822012345', email: '', age: 30, gender: 'male' as const, kind: 'account' as const, noShows: 0 };
  it('needs a phone, an age and a gender', () => {
    expect(profileKnown(patient)).toEqual(patient);
    for (const missing of [{ age: null }, { gender: null }, { phoneNumber: '' }]) {
      expect(refusal(() => profileKnown({ ...patient, ...missing }))).toMatchObject({ status: 400, code: 'desk.noProfile' });
    }
  });
});

describe('checkInAllowed', () => {
  it("checks in an expected Clinic Visit of today, even past its slot; refuses the rest with the desk's codes", () => {
    expect(refusal(() => checkInAllowed(stored(), at))).toBeNull();
    expect(refusal(() => checkInAllowed(stored({ appointmentPaymentStatus: 'paid', startTime: '09:00' }), at))).toBeNull();
    expect(refusal(() => checkInAllowed(stored({ date: '2025-03-12' }), at))?.code).toBe('checkInNotToday');
    expect(refusal(() => checkInAllowed(stored({ consultationType: 'Call' }), at))?.code).toBe('checkInNotToday');
    expect(refusal(() => checkInAllowed(stored({}, { locationId: null }), at))?.code).toBe('checkInNotToday');
    for (const change of [{ appointmentStatus: 'Cancelled' }, { appointmentStatus: 'Completed' }, { appointmentStatus: 'Missed' }, { appointmentPaymentStatus: 'failed' }, { appointmentPaymentStatus: 'refund' }] as const) {
      expect(refusal(() => checkInAllowed(stored(change), at))?.code, JSON.stringify(change)).toBe('checkInClosed');
    }
  });
});

describe('counterPayable', () => {
  it('takes a due or unpaid fee once; none of a cancelled or refunded appointment', () => {
    expect(refusal(() => counterPayable(stored()))).toBeNull();
    expect(refusal(() => counterPayable(stored({ appointmentPaymentStatus: 'failed', appointmentStatus: 'Completed' })))).toBeNull();
    expect(refusal(() => counterPayable(stored({ appointmentPaymentStatus: 'paid' })))?.code).toBe('counterPaid');
    expect(refusal(() => counterPayable(stored({ appointmentStatus: 'Cancelled' })))?.code).toBe('desk.counterClosed');
    expect(refusal(() => counterPayable(stored({ appointmentPaymentStatus: 'refund' })))?.code).toBe('desk.counterClosed');
  });
});

describe('worksHereToday', () => {
  const plan: DayPlan = {
    doctor: { id: 'd-1', name: 'Dr. X', email: 'd@x', type: 'clinic', slotMinutes: 15 },
    online: false, locationId: 'l-1', onLeave: false, starts: ['09:00', '09:15'], holders: [],
  };
  it('takes a walk-in for a clinic doctor with hours there today, not on leave', () => {
    expect(worksHereToday(plan).locationId).toBe('l-1');
    for (const change of [{ locationId: null }, { starts: [] }, { onLeave: true }, { online: true }, { doctor: { ...plan.doctor, type: 'online' as const } }]) {
      expect(refusal(() => worksHereToday({ ...plan, ...change }))?.code, JSON.stringify(change)).toBe('desk.notWorkingToday');
    }
    expect(refusal(() => worksHereToday(null))?.code).toBe('desk.notWorkingToday');
  });
});

describe('the CSV writer', () => {
  it('quotes as RFC 4180 says and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell(42)).toBe('42');
    expect(toCsv(['a', 'b'], [[1, 'x'], ['-2', 'y,z']])).toBe(`a,b\r\n1,x\r\n'-2,"y,z"\r\n`);
  });
});
