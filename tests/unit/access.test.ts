/**
 * The access rules (server/access/rules.ts), each against every kind of caller: the appointment's
 * owner, another patient, the appointment's doctor, another doctor, an admin, nobody logged in.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../server/access/caller';
import {
  appointmentPart,
  assertActsOnAppointment,
  assertAdminRole,
  assertOwnsAppointment,
  assertOwnsFamilyMember,
  assertOwnsOrder,
  assertOwnsPayment,
  assertSeesAppointment,
  canSeeAppointment,
  canWriteChat,
  chatTakesMessages,
  hasChat,
  isAdmin,
  isAppointmentDoctor,
  isClinicPart,
  isParty,
  isOwnAccountId,
  isOwnEmail,
  isReception,
  isStaff,
  isTeleconsultation,
  listedDoctor,
  mayListDoctor,
  owns,
  type Part,
  readsClinicalContent,
  seesAsClinic,
  worksDesk,
  worksQueue,
} from '../../server/access/rules';
import { appointmentMessages } from '../../server/services/appointments';
import { chatMessages } from '../../server/services/chat';
import { consultationMessages } from '../../server/services/consultations';
import { ServiceError } from '../../server/services/errors';
import { paymentMessages } from '../../server/services/payments';
import { peopleMessages } from '../../server/services/people';
import { recordMessages } from '../../server/services/records';
import { staffMessages } from '../../server/services/staff';
import { consultationTypes } from '../../contract/primitives';
import { ChatState } from '../../contract/chat';

const chatStates = Object.keys(ChatState.keys) as ChatState[];

const caller = (userId: string, role: Caller['role'], doctorId: string | null = null): Caller => ({
  userId,
  email: `${userId}@clinic.test`,
  role,
  doctorId,
});

/** Every kind of caller, by name; `anonymous` is nobody logged in. */
const callers = {
  owner: caller('user-1', 'patient'),
  otherPatient: caller('user-2', 'patient'),
  doctor: caller('user-d1', 'doctor', 'doctor-1'),
  otherDoctor: caller('user-d2', 'doctor', 'doctor-2'),
  admin: caller('user-a', 'admin'),
  anonymous: null,
} as const;
type Who = keyof typeof callers;
const everyone = Object.keys(callers) as Who[];

const appointment = { userId: 'user-1', doctorId: 'doctor-1', consultationType: 'Chat' as const };

/** What a rule's throw answers: status, code and message; null when it passed. */
function refusal(run: () => unknown): { status: number; code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

/** Runs `rule` for every caller and answers it by name, to compare with one table. */
const byCaller = <A>(rule: (c: Caller | null) => A): Record<Who, A> =>
  Object.fromEntries(everyone.map((who) => [who, rule(callers[who])])) as Record<Who, A>;

describe('the owner', () => {
  it('owns the records of their account, nobody else does', () => {
    const expected = { owner: true, otherPatient: false, doctor: false, otherDoctor: false, admin: false, anonymous: false };
    expect(byCaller((c) => owns(c, appointment))).toEqual(expected);
  });

  it('names their own account by id (in any case) and by email, nobody else’s', () => {
    expect(isOwnAccountId(callers.owner, 'USER-1')).toBe(true);
    expect(isOwnAccountId(callers.owner, 'user-2')).toBe(false);
    expect(isOwnEmail(callers.owner, 'User-1@Clinic.test')).toBe(true);
    expect(isOwnEmail(callers.owner, 'user-2@clinic.test')).toBe(false);
  });

  const owned = [
    ['appointment', assertOwnsAppointment, appointmentMessages.notFound],
    ['appointment to pay', assertOwnsAppointment, paymentMessages.appointmentNotFound],
    ['order', assertOwnsOrder, paymentMessages.orderNotFound],
    ['payment', assertOwnsPayment, paymentMessages.paymentNotFound],
  ] as const;

  for (const [what, assertOwns, notFound] of owned) {
    it(`gets their ${what}; anybody else 404 with the service's code and message, as for none`, () => {
      const record = { userId: 'user-1', id: 'x' };
      expect(assertOwns(callers.owner, record, notFound)).toBe(record);
      const none = refusal(() => assertOwns(callers.owner, null, notFound));
      expect(none).toMatchObject({ status: 404, message: notFound });
      expect(none!.code).not.toBe('notFound');
      for (const who of everyone.filter((w) => w !== 'owner')) {
        expect(refusal(() => assertOwns(callers[who], record, notFound))).toEqual(none);
      }
    });
  }

  it('gets their kept family member; an archived one, another account’s and none answer 404 alike', () => {
    const member = { userId: 'user-1', archived: false };
    expect(assertOwnsFamilyMember(callers.owner, member, peopleMessages.notFound)).toBe(member);
    const none = refusal(() => assertOwnsFamilyMember(callers.owner, null, peopleMessages.notFound));
    expect(none).toMatchObject({ status: 404, message: peopleMessages.notFound });
    expect(refusal(() => assertOwnsFamilyMember(callers.owner, { ...member, archived: true }, peopleMessages.notFound))).toEqual(none);
    for (const who of everyone.filter((w) => w !== 'owner')) {
      expect(refusal(() => assertOwnsFamilyMember(callers[who], member, peopleMessages.notFound))).toEqual(none);
    }
  });
});

describe('the parts in an appointment', () => {
  it('has its patient first, then its doctor, then an admin; nobody else', () => {
    expect(byCaller((c) => appointmentPart(c, appointment))).toEqual({
      owner: 'patient',
      otherPatient: null,
      doctor: 'doctor',
      otherDoctor: null,
      admin: 'admin',
      anonymous: null,
    });
    expect(byCaller((c) => canSeeAppointment(c, appointment))).toEqual({
      owner: true,
      otherPatient: false,
      doctor: true,
      otherDoctor: false,
      admin: true,
      anonymous: false,
    });
  });

  it('makes a doctor or an admin who booked for themselves its patient, and still the clinic', () => {
    const ownDoctor = { ...appointment, userId: 'user-d1' };
    expect(appointmentPart(callers.doctor, ownDoctor)).toBe('patient');
    expect(seesAsClinic(callers.doctor, ownDoctor)).toBe(true);
    const ownAdmin = { ...appointment, userId: 'user-a' };
    expect(appointmentPart(callers.admin, ownAdmin)).toBe('patient');
    expect(seesAsClinic(callers.admin, ownAdmin)).toBe(true);
  });

  it('counts a doctor’s part only for a doctor’s account acting for the appointment’s doctor', () => {
    expect(byCaller((c) => isAppointmentDoctor(c, appointment))).toEqual({
      owner: false,
      otherPatient: false,
      doctor: true,
      otherDoctor: false,
      admin: false,
      anonymous: false,
    });
    // An admin who is also that doctor acts as admin; a doctor's account without a doctor has no part.
    expect(isAppointmentDoctor(caller('user-x', 'admin', 'doctor-1'), appointment)).toBe(false);
    expect(isAppointmentDoctor(caller('user-x', 'doctor', null), { doctorId: 'doctor-1' })).toBe(false);
  });

  it('gives the clinic’s side to its doctor and admins only', () => {
    expect(byCaller((c) => seesAsClinic(c, appointment))).toEqual({
      owner: false,
      otherPatient: false,
      doctor: true,
      otherDoctor: false,
      admin: true,
      anonymous: false,
    });
    expect((['patient', 'doctor', 'admin'] as Part[]).map(isClinicPart)).toEqual([false, true, true]);
  });

  for (const [what, notFound] of [
    ['documents', recordMessages.notFound],
    ['consultation', consultationMessages.notFound],
  ] as const) {
    it(`answers the ${what}' appointment with the part; a stranger 404 as for none, with the service's message`, () => {
      const none = refusal(() => assertSeesAppointment(callers.owner, null, notFound));
      expect(none).toMatchObject({ status: 404, message: notFound });
      for (const who of everyone) {
        const part = appointmentPart(callers[who], appointment);
        if (part) expect(assertSeesAppointment(callers[who], appointment, notFound)).toEqual({ appointment, part });
        else expect(refusal(() => assertSeesAppointment(callers[who], appointment, notFound))).toEqual(none);
      }
    });
  }

  it('answers 404 alike to every part when the feature does not apply to the appointment', () => {
    const visit = { ...appointment, consultationType: 'Clinic Visit' as const };
    const none = refusal(() => assertSeesAppointment(callers.owner, null as typeof visit | null, chatMessages.notFound, hasChat));
    for (const who of everyone) {
      expect(refusal(() => assertSeesAppointment(callers[who], visit, chatMessages.notFound, hasChat))).toEqual(none);
    }
  });
});

describe('the staff', () => {
  it('are admins and doctors; admin-only is admins', () => {
    expect(byCaller(isStaff)).toEqual({ owner: false, otherPatient: false, doctor: true, otherDoctor: true, admin: true, anonymous: false });
    expect(byCaller(isAdmin)).toEqual({ owner: false, otherPatient: false, doctor: false, otherDoctor: false, admin: true, anonymous: false });
    expect(isStaff({ role: 'patient' as string })).toBe(false);
  });

  it('refuses anybody but an admin an admin’s screen with 403 and the staff code', () => {
    expect(refusal(() => assertAdminRole(callers.admin, staffMessages.adminOnly))).toBeNull();
    for (const who of ['owner', 'doctor', 'otherDoctor'] as const) {
      expect(refusal(() => assertAdminRole(callers[who], staffMessages.adminOnly))).toMatchObject({ status: 403, message: staffMessages.adminOnly });
    }
  });

  it('act in the console on their own appointments: 404 for none, 403 for another doctor’s', () => {
    const stored = { doctorId: 'doctor-1', id: 'a' };
    expect(assertActsOnAppointment(callers.doctor, stored, staffMessages)).toBe(stored);
    expect(assertActsOnAppointment(callers.admin, stored, staffMessages)).toBe(stored);
    expect(refusal(() => assertActsOnAppointment(callers.otherDoctor, stored, staffMessages))).toMatchObject({
      status: 403,
      message: staffMessages.notYours,
    });
    expect(refusal(() => assertActsOnAppointment(callers.doctor, null, staffMessages))).toMatchObject({ status: 404, message: staffMessages.notFound });
  });

  it('list a doctor’s own appointments only; an admin any doctor’s or all', () => {
    expect(mayListDoctor(callers.doctor, undefined)).toBe(true);
    expect(mayListDoctor(callers.doctor, 'DOCTOR-1')).toBe(true);
    expect(mayListDoctor(callers.doctor, 'doctor-2')).toBe(false);
    expect(mayListDoctor(callers.admin, 'doctor-2')).toBe(true);
    expect(listedDoctor(callers.doctor, undefined)).toBe('doctor-1');
    expect(listedDoctor(callers.admin, undefined)).toBeNull();
    expect(listedDoctor(callers.admin, 'doctor-2')).toBe('doctor-2');
  });
});

describe('the chat', () => {
  it('belongs to a Chat appointment only', () => {
    expect(consultationTypes.filter((consultationType) => hasChat({ consultationType }))).toEqual(['Chat']);
  });

  it('takes messages while open or in follow-up, from its parties (patient, doctor), never from an admin', () => {
    expect(chatStates.filter(chatTakesMessages)).toEqual(['open', 'followup']);
    expect((['patient', 'doctor', 'admin'] as Part[]).map(isParty)).toEqual([true, true, false]);
    for (const state of chatStates) {
      expect(canWriteChat('patient', state)).toBe(chatTakesMessages(state));
      expect(canWriteChat('doctor', state)).toBe(chatTakesMessages(state));
      expect(canWriteChat('admin', state)).toBe(false);
    }
  });
});

describe('a teleconsultation', () => {
  it('is every consultation type but a Clinic Visit', () => {
    expect(consultationTypes.filter(isTeleconsultation)).toEqual(['Chat', 'Video', 'Call']);
  });
});

describe('reception', () => {
  const reception = caller('user-r', 'reception');
  const stored = { doctorId: 'doctor-1' };

  it('is staff and works the desk and every queue; admins too; a doctor their own queue only; patients none', () => {
    expect(isStaff(reception)).toBe(true);
    expect([reception, callers.admin, callers.doctor, callers.owner, null].map(worksDesk)).toEqual([true, true, false, false, false]);
    expect(worksQueue(reception, 'doctor-2')).toBe(true);
    expect(worksQueue(callers.admin, 'doctor-2')).toBe(true);
    expect(worksQueue(callers.doctor, 'DOCTOR-1')).toBe(true);
    expect(worksQueue(callers.doctor, 'doctor-2')).toBe(false);
    expect(worksQueue(callers.owner, 'doctor-1')).toBe(false);
    expect(worksQueue(null, 'doctor-1')).toBe(false);
  });

  it('takes no part in an appointment and never reads its prescription; the clinic side does', () => {
    expect(appointmentPart(reception, appointment)).toBeNull();
    expect(canSeeAppointment(reception, appointment)).toBe(false);
    expect(readsClinicalContent(reception, stored)).toBe(false);
    expect(readsClinicalContent(callers.doctor, stored)).toBe(true);
    expect(readsClinicalContent(callers.admin, stored)).toBe(true);
    expect(readsClinicalContent(callers.otherDoctor, stored)).toBe(false);
    expect(isReception(reception)).toBe(true);
    expect(isReception(callers.admin)).toBe(false);
  });

  it('reads an appointment in the console but acts on none (403 with its own message)', () => {
    expect(assertActsOnAppointment(reception, stored, staffMessages, true)).toBe(stored);
    expect(refusal(() => assertActsOnAppointment(reception, stored, staffMessages))).toMatchObject({ status: 403, message: staffMessages.notReception });
    expect(refusal(() => assertActsOnAppointment(reception, null, staffMessages, true))).toMatchObject({ status: 404 });
    // Reading lets a doctor see only their own still.
    expect(refusal(() => assertActsOnAppointment(callers.otherDoctor, stored, staffMessages, true))).toMatchObject({ status: 403, message: staffMessages.notYours });
  });
});
