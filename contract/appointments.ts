/** Appointments, slots, orders and the payment service (spec §3, §7). Served from the booking issue on. */
import * as t from 'io-ts';
import { OrderBreakdown } from './dispensary.js';
import { maxPaymentPaise } from './money.js';
import {
  ClinicDate,
  ClinicTime,
  ConsultationType,
  Email,
  Gender,
  Id,
  intBetween,
  line,
  nonEmptyLine,
  PhoneNumber,
  Rupees,
  text,
} from './primitives.js';

/**
 * A follow-up the doctor asks for: after `every` days or weeks, `times` visits in all (1: one
 * follow-up; more: a course, every `every` `unit`, booked as a series once the patient confirms;
 * server/followUp/), or "as needed" (nothing is offered or booked).
 */
export const FollowUp = t.union(
  [
    t.type({ kind: t.literal('after'), every: intBetween(1, 365), unit: t.keyof({ days: null, weeks: null }), times: intBetween(1, 12) }),
    t.type({ kind: t.literal('asNeeded') }),
  ],
  'FollowUp',
);
export type FollowUp = t.TypeOf<typeof FollowUp>;

/**
 * Beyond the spec's remedy: `itemId`, the dispensary's catalogue item it was picked from (null or
 * absent: written as free text), and `quantity`, how many packs of it the order takes (1 when
 * absent). What the patient reads is still `medicineName`, `dosage` and `frequency` as written.
 */
const RemedyExtras = t.partial({ itemId: t.union([t.string, t.null]), quantity: t.number }, 'RemedyExtras');

export const Remedy = t.intersection(
  [t.type({ medicineName: t.string, dosage: t.string, frequency: t.string }), RemedyExtras],
  'Remedy',
);
export type Remedy = t.TypeOf<typeof Remedy>;

/**
 * Beyond the spec's prescription: what the Telemedicine Practice Guidelines' format asks of it
 * (docs/records.md). Absent in records written before them, so read them with `clinicalOf`.
 * - `diagnosis`: the provisional diagnosis (required to complete a consultation);
 * - `history`: relevant history and findings;
 * - `investigations`: investigations advised ('' for none);
 * - `followUp`: the follow-up asked for (null: none given).
 */
const MedicinesExtras = t.partial(
  { diagnosis: t.string, history: t.string, investigations: t.string, followUp: t.union([FollowUp, t.null]) },
  'MedicinesExtras',
);

/** The prescription of a consultation; all empty when the appointment is made (spec §3). */
export const Medicines = t.intersection(
  [
    t.type({
      complain: t.string,
      remedies: t.array(Remedy),
      potency: t.string,
      duration: t.string,
      pharmacyName: t.string,
      pharmacyId: t.string,
      instructions: t.string,
      showMedicine: t.boolean,
    }),
    MedicinesExtras,
  ],
  'Medicines',
);
export type Medicines = t.TypeOf<typeof Medicines>;

/** The guidelines' fields of a prescription, '' or null where a record (or an older one) has none. */
export function clinicalOf(m: Medicines): { diagnosis: string; history: string; investigations: string; followUp: FollowUp | null } {
  return { diagnosis: m.diagnosis ?? '', history: m.history ?? '', investigations: m.investigations ?? '', followUp: m.followUp ?? null };
}

/**
 * The prescription as staff write it (and the booking's empty one): the same fields as Medicines,
 * each by the text rules (contract/primitives.ts textProblem), as long as the console's form
 * allows (machines/consultation/forms.ts); the complaint, history, investigations and
 * instructions may have line breaks. A remedy's `quantity` is 1 to 99 packs. Answers keep the
 * plain Medicines codec, so a record written under older rules still loads.
 */
export const RemedyInput = t.intersection(
  [
    t.type({ medicineName: line(2000), dosage: line(2000), frequency: line(2000) }),
    t.partial({ itemId: t.union([Id, t.null]), quantity: intBetween(1, 99) }),
  ],
  'RemedyInput',
);
export const MedicinesInput = t.intersection(
  [
    t.type({
      complain: text(2000),
      remedies: t.array(RemedyInput),
      potency: line(2000),
      duration: line(2000),
      pharmacyName: line(2000),
      pharmacyId: line(2000),
      instructions: text(2000),
      showMedicine: t.boolean,
    }),
    t.partial({ diagnosis: text(2000), history: text(4000), investigations: text(2000), followUp: t.union([FollowUp, t.null]) }),
  ],
  'MedicinesInput',
);

export const emptyMedicines: Medicines = {
  complain: '',
  remedies: [],
  potency: '',
  duration: '',
  pharmacyName: '',
  pharmacyId: '',
  instructions: '',
  showMedicine: false,
};

/** A location's name, or '' for none: an online consultation (010). */
export const locationOrOnline = t.union([t.literal(''), nonEmptyLine(200)], 'LocationOrOnline');

/** `due`: to be paid at the clinic (a desk booking left to pay at the visit; docs/desk.md). */
export const PaymentStatus = t.keyof({ failed: null, pending: null, paid: null, refund: null, due: null }, 'PaymentStatus');
export type PaymentStatus = t.TypeOf<typeof PaymentStatus>;

/** The spec's create payload. The server trusts only its ids: doctor name and fee come from its own records. */
const AppointmentCreateFields = t.type(
  {
    // Names and location as long as their columns (appointments, locations: 200).
    firstName: nonEmptyLine(200),
    lastName: nonEmptyLine(200),
    phoneNumber: PhoneNumber,
    age: intBetween(1, 120),
    gender: Gender,
    date: ClinicDate,
    doctorName: line(200),
    doctorEmail: Email,
    /** '' for Chat, Video and Call from the doctor's online hours (no location; 010); a Clinic Visit names one. */
    location: locationOrOnline,
    consultationType: ConsultationType,
    startTime: ClinicTime,
    appointmentPaymentStatus: t.literal('failed'),
    appointmentPaymentId: t.null,
    medicines: MedicinesInput,
  },
  'AppointmentCreateFields',
);

/**
 * Beyond the spec: the email made optional, who the appointment is for, and the teleconsultation
 * consent.
 * - `email`: the spec's field, checked when given; the appointment keeps the account's own email
 *   (or none, for an account made by a mobile sign-in without one), never a typed one.
 * - `familyMemberId`: one of the caller's family members (contract/people.ts) is the person
 *   consulted; their name, age and gender come from that record, not from the request. Absent or
 *   null: the account holder.
 * - `consentText`: the words of the teleconsultation consent the patient ticked, as shown to them.
 *   Required for Chat, Video and Call (400 naming it), ignored for a Clinic Visit.
 * - `payAtClinic`: true: the fee is paid at the clinic, not online. Only for a Clinic Visit at a
 *   location that allows it (`Doctor.payAtClinic`; 400 naming the field otherwise). The
 *   appointment is made with payment status 'due' and holds its slot for good, with no checkout.
 */
const AppointmentCreateExtras = t.partial(
  {
    email: Email,
    familyMemberId: t.union([Id, t.null]),
    consentText: nonEmptyLine(2000),
    payAtClinic: t.boolean,
  },
  'AppointmentCreateExtras',
);

export const AppointmentCreateRequest = t.intersection([AppointmentCreateFields, AppointmentCreateExtras], 'AppointmentCreateRequest');
export type AppointmentCreateRequest = t.TypeOf<typeof AppointmentCreateRequest>;

/**
 * Booked, Expired (a Booked one whose slot has ended, worked out when read), Completed, Cancelled,
 * and Missed: the doctor (or an admin) noted that the patient did not attend, which can be done
 * only once the slot has ended (server/services/staff.ts `didNotAttend`).
 */
export const AppointmentStatus = t.keyof(
  { Booked: null, Expired: null, Completed: null, Cancelled: null, Missed: null },
  'AppointmentStatus',
);
export type AppointmentStatus = t.TypeOf<typeof AppointmentStatus>;

export const Order = t.intersection(
  [
    t.type({
      _id: t.string,
      appointmentId: t.string,
      totalPrice: Rupees,
      paymentMode: t.string,
      paymentStatus: t.string,
      orderStatus: t.string,
      pharmacyId: t.string,
    }),
    OrderBreakdown,
  ],
  'Order',
);
export type Order = t.TypeOf<typeof Order>;

/**
 * Who the appointment is for: the record's names, age and gender are the person
 * consulted's; `accountHolder` is who booked and paid (the same person when `familyMemberId` is
 * null). `consentAt`: when the teleconsultation consent was given (null: none, e.g. a Clinic
 * Visit). Optional in the codec so records of older servers still decode.
 */
export const AppointmentPeople = t.partial(
  {
    familyMemberId: t.union([t.string, t.null]),
    accountHolder: t.type({ firstName: t.string, lastName: t.string }),
    consentAt: t.union([t.string, t.null]),
  },
  'AppointmentPeople',
);

const AppointmentRecordFields = t.type(
  {
    _id: t.string,
    appointmentId: t.string,
    firstName: t.string,
    lastName: t.string,
    email: t.string,
    phoneNumber: t.string,
    age: t.number,
    gender: Gender,
    doctorEmail: t.string,
    doctorName: t.string,
    location: t.string,
    date: ClinicDate,
    startTime: ClinicTime,
    consultationType: ConsultationType,
    consultationFee: Rupees,
    appointmentStatus: AppointmentStatus,
    appointmentPaymentStatus: PaymentStatus,
    appointmentPaymentId: t.union([t.string, t.null]),
    /** When an unpaid hold on the slot lapses (ISO instant); null once paid. */
    holdExpiresAt: t.union([t.string, t.null]),
    medicines: Medicines,
    order: t.union([Order, t.null]),
    createdAt: t.string,
  },
  'AppointmentRecordFields',
);
/**
 * Chat appointments: messages from the other party the caller has not read yet, on the
 * patient's list (GET /auth/getUser) and a doctor's (GET /staff/appointments); absent elsewhere
 * and for admins.
 */
export const AppointmentUnread = t.partial({ unreadMessages: t.number }, 'AppointmentUnread');

/**
 * What became of a fee that is not simply paid for a consultation that goes ahead (absent
 * otherwise): `pending`, flagged for refund (the clinic cancelled it, or the payment came after
 * the slot was lost) and not yet paid back; `refunded`, an admin recorded it as paid back;
 * `notRefundable`, paid and then cancelled by the patient (spec §8: no refund).
 */
export const FeeRefundState = t.keyof({ pending: null, refunded: null, notRefundable: null }, 'FeeRefundState');
export type FeeRefundState = t.TypeOf<typeof FeeRefundState>;

/**
 * Facts for staff answers (absent when they do not apply): `formerPatient`, the account that
 * booked it was closed, so the record's names, email and phone are '' (the closed account's
 * pseudonym means nothing to anybody; the view says "Former patient"); `refundState` above.
 */
export const AppointmentFacts = t.partial({ formerPatient: t.literal(true), refundState: FeeRefundState }, 'AppointmentFacts');

/**
 * The patient's list (GET /auth/getUser), a paid appointment to come: until this ISO instant (the
 * start less CANCEL_FREE_HOURS) a cancel refunds the fee, after it not; absent otherwise.
 */
export const AppointmentCancelPolicy = t.partial({ freeCancelUntil: t.string }, 'AppointmentCancelPolicy');

export const AppointmentRecord = t.intersection(
  [AppointmentRecordFields, AppointmentPeople, AppointmentUnread, AppointmentFacts, AppointmentCancelPolicy],
  'AppointmentRecord',
);
export type AppointmentRecord = t.TypeOf<typeof AppointmentRecord>;

/**
 * Where an appointment happens, as people read it: its clinic, or for a Chat, Video or Call booked
 * from the doctor's online hours (no location, `location` ''; migration 010) 'Online (Video)'.
 */
export function appointmentPlace(record: { location: string; consultationType: ConsultationType }): string {
  return record.location === '' ? `Online (${record.consultationType})` : record.location;
}
export const AppointmentList = t.array(AppointmentRecord, 'AppointmentList');

export const AppointmentUpdateRequest = t.type(
  {
    /** '' moves a Chat, Video or Call onto the doctor's online hours (010). */
    selectedLocation: locationOrOnline,
    appointmentToEdit: Id,
    newDate: ClinicDate,
    selectedTime: ClinicTime,
  },
  'AppointmentUpdateRequest',
);
export type AppointmentUpdateRequest = t.TypeOf<typeof AppointmentUpdateRequest>;
export const AppointmentUpdateAnswer = t.type(
  { message: t.string, appointment: AppointmentRecord },
  'AppointmentUpdateAnswer',
);

export const AppointmentDeleteParams = t.type(
  { userId: Id, appointmentId: Id },
  'AppointmentDeleteParams',
);
/** `refund=expected`: the patient was told the fee is refunded; past free cancellation, 409 appointment.refundWindowClosed. */
export const AppointmentDeleteQuery = t.partial({ refund: t.literal('expected') }, 'AppointmentDeleteQuery');

export const SlotStatus = t.keyof({ booked: null, unavailable: null, free: null }, 'SlotStatus');
export type SlotStatus = t.TypeOf<typeof SlotStatus>;
export const TimeSlot = t.type({ time: ClinicTime, status: SlotStatus }, 'TimeSlot');
export type TimeSlot = t.TypeOf<typeof TimeSlot>;
export const TimeSlotList = t.array(TimeSlot, 'TimeSlotList');

/** Path of GET /doctor/gettimeslot/{doctorEmail}/{location}/{date}. */
export const TimeSlotParams = t.type(
  { doctorEmail: Email, location: nonEmptyLine(200), date: ClinicDate },
  'TimeSlotParams',
);

/* Payment service (spec §7, "Separate payment service"), mounted under /api/payment. */

export const CreateAppointmentPaymentRequest = t.type(
  { appointmentId: Id, consultationAmount: Rupees },
  'CreateAppointmentPaymentRequest',
);
export type CreateAppointmentPaymentRequest = t.TypeOf<typeof CreateAppointmentPaymentRequest>;
export const CreateAppointmentPaymentAnswer = t.type(
  { merchantOrderId: t.string, checkoutPageUrl: t.string },
  'CreateAppointmentPaymentAnswer',
);

/** amount is in paise (contract/money.ts `paiseOf` of the order's total), as the spec says. */
export const CreateOrderPaymentRequest = t.type(
  { pharmacyId: line(200), orderId: Id, amount: intBetween(1, maxPaymentPaise) },
  'CreateOrderPaymentRequest',
);
export type CreateOrderPaymentRequest = t.TypeOf<typeof CreateOrderPaymentRequest>;
export const CreateOrderPaymentAnswer = t.type(
  { checkoutPageUrl: t.string },
  'CreateOrderPaymentAnswer',
);

/** Path of GET /payment/return/{merchantOrderId}: our reference as the payments table keeps it. */
export const PaymentReturnParams = t.type(
  {
    merchantOrderId: new t.Type<string, string, unknown>(
      'MerchantOrderId',
      (u): u is string => typeof u === 'string' && /^[A-Za-z0-9_-]{1,63}$/.test(u),
      (u, c) =>
        typeof u === 'string' && /^[A-Za-z0-9_-]{1,63}$/.test(u) ? t.success(u) : t.failure(u, c, 'must be a payment reference'),
      (a) => a,
    ),
  },
  'PaymentReturnParams',
);

/**
 * GET /payment/status/{merchantOrderId}: what the server
 * knows of one of the caller's payments, after asking the provider when it was still pending.
 * `appointment` (an appointment's payment) is the record as My appointments shows it, for the
 * confirmation view; `amountPaid` is in rupees. `joinOpensAt`, a Chat's or Video's appointment: the
 * ISO instant its chat or video opens on My Appointment (JOIN_OPENS_MINUTES_BEFORE before the start),
 * which the confirmation names.
 */
export const PaymentStatusParams = PaymentReturnParams;
export const PaymentCheckStatus = t.keyof({ paid: null, pending: null, failed: null, refund: null }, 'PaymentCheckStatus');
export type PaymentCheckStatus = t.TypeOf<typeof PaymentCheckStatus>;
export const PaymentStatusAnswer = t.intersection(
  [
    t.type({
      merchantOrderId: t.string,
      purpose: t.keyof({ appointment: null, order: null }),
      status: PaymentCheckStatus,
      amountPaid: t.number,
    }),
    t.partial({ appointment: AppointmentRecord, joinOpensAt: t.string }),
  ],
  'PaymentStatusAnswer',
);
export type PaymentStatusAnswer = t.TypeOf<typeof PaymentStatusAnswer>;

/** GET /payment/config: the checkout origins (or origin + path prefixes) /payment may redirect to. */
export const PaymentConfigAnswer = t.type({ checkoutOrigins: t.array(t.string) }, 'PaymentConfigAnswer');
export type PaymentConfigAnswer = t.TypeOf<typeof PaymentConfigAnswer>;

/** Path of GET /appointment/{id}/calendar.ics: the record's `_id`. */
export const AppointmentIdParams = t.type({ id: Id }, 'AppointmentIdParams');
