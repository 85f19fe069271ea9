/**
 * The staff console's admin calls' codecs: locations, doctors and their schedules, fees,
 * accounts and roles, moving and cancelling appointments, orders and refunds. The endpoints
 * themselves, who may call them and their refusals are in contract/endpoints/staffAdmin.ts; the
 * admin forms' value codecs in ./adminFields.ts, the site content's in ./siteContent.ts.
 */
import * as t from 'io-ts';
import { AppointmentRecord } from './appointments.js';
import { UserRole } from './auth.js';
import {
  ClinicDate,
  ClinicTime,
  ConsultationType,
  Email,
  Id,
  intBetween,
  Rupees,
} from './primitives.js';
import { BookableUntil, DoctorType } from './site.js';
import { textUpTo } from './staff.js';
import { optionalText, requiredText } from './adminFields.js';

export * from './adminFields.js';
export * from './siteContent.js';

/** `{ ids }`: every id of the list, each once, in the new order. */
export const ReorderRequest = t.type({ ids: t.array(Id) }, 'ReorderRequest');
export type ReorderRequest = t.TypeOf<typeof ReorderRequest>;

export const AdminIdParams = t.type({ id: Id }, 'AdminIdParams');

/** 409 body of the ORPHAN RULE: the live bookings the change would leave outside the schedule. */
export const OrphanConflict = t.type({ message: t.string, affected: t.array(AppointmentRecord) }, 'OrphanConflict');
export type OrphanConflict = t.TypeOf<typeof OrphanConflict>;

/* ------------------------------------------------------------------ locations */

/**
 * A location's own settings. `payAtClinic`: online patients may choose to pay at the clinic for a
 * Clinic Visit there (off: the spec's pay-online flow). Optional in the codecs, so answers and
 * forms without it still decode: an input without it leaves the setting as it is (off for a new
 * location).
 */
const LocationSettings = t.partial({ payAtClinic: t.boolean }, 'LocationSettings');

export const AdminLocation = t.intersection(
  [
    t.type({
      _id: t.string,
      name: t.string,
      displayOrder: t.number,
      /** Doctors working there: a location in use cannot be deleted. */
      doctorCount: t.number,
      /** Appointments ever booked there (any status): likewise. */
      appointmentCount: t.number,
    }),
    LocationSettings,
  ],
  'AdminLocation',
);
export type AdminLocation = t.TypeOf<typeof AdminLocation>;
export const AdminLocationList = t.array(AdminLocation, 'AdminLocationList');

export const LocationInput = t.intersection([t.type({ name: requiredText(200) }), LocationSettings], 'LocationInput');
export type LocationInput = t.TypeOf<typeof LocationInput>;
export const LocationAnswer = t.type({ message: t.string, location: AdminLocation }, 'LocationAnswer');

/* ------------------------------------------------------------------ doctors */

/** An account's role as the staff console shows and sets it: the user's role (contract/auth.ts), by another name. */
export const AccountRole = UserRole;
export type AccountRole = UserRole;

export const AdminDoctor = t.intersection(
  [
    t.type({
      _id: t.string,
      name: t.string,
      email: t.string,
      type: DoctorType,
      qualification: t.string,
      /** India's telemedicine guidelines: the council that registered the doctor and its number; '' until entered. */
      registrationCouncil: t.string,
      registrationNumber: t.string,
      /** The doctor gets the day's appointments by email each morning (MORNING_LIST_HOUR). */
      morningList: t.boolean,
      slotMinutes: t.number,
      /** false: retired, hidden from the public list and from booking. */
      active: t.boolean,
      displayOrder: t.number,
      locations: t.array(t.type({ _id: t.string, name: t.string })),
      /** The role of the account with the doctor's email; null: nobody has registered with it. */
      accountRole: t.union([AccountRole, t.null]),
    }),
    /** Only in GET /staff/doctors (the move form's date picker stops at it). */
    BookableUntil,
  ],
  'AdminDoctor',
);
export type AdminDoctor = t.TypeOf<typeof AdminDoctor>;
export const AdminDoctorList = t.array(AdminDoctor, 'AdminDoctorList');

/**
 * A registration number as councils print them: letters, digits, spaces, dots, slashes and dashes,
 * starting with a letter or digit, at most 50 (the column's limit); '' for none.
 */
export const RegistrationNumber = new t.Type<string, string, unknown>(
  'RegistrationNumber',
  (u): u is string => typeof u === 'string' && (u === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,49}$/.test(u)),
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, 'must be text');
    const trimmed = u.trim();
    if (trimmed === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,49}$/.test(trimmed)) return t.success(trimmed);
    return t.failure(u, c, trimmed.length > 50 ? 'must be at most 50 characters' : 'must be letters, digits, spaces, dots, slashes or dashes');
  },
  (a) => a,
);

export const DoctorInput = t.intersection(
  [
    t.type({
      name: requiredText(200),
      email: Email,
      type: DoctorType,
      qualification: optionalText(500),
      slotMinutes: intBetween(5, 240),
      /** The locations the doctor works at (ids from GET /staff/locations). */
      locationIds: t.array(Id),
    }),
    /**
     * The registration: both or neither ('' clears it); absent on an update: unchanged.
     * A council without a number (or the reverse) is refused, 400 naming the empty one.
     */
    t.partial({ registrationCouncil: optionalText(200), registrationNumber: RegistrationNumber }),
    /** The morning list by email: absent on a new doctor: off; on an update: unchanged. */
    t.partial({ morningList: t.boolean }),
  ],
  'DoctorInput',
);
export type DoctorInput = t.TypeOf<typeof DoctorInput>;
export const DoctorAnswer = t.type({ message: t.string, doctor: AdminDoctor }, 'DoctorAnswer');

export const DoctorActiveRequest = t.type({ active: t.boolean }, 'DoctorActiveRequest');

/** One working range: on `weekday` (0 = Sunday ... 6 = Saturday) from `start` to `end`, clinic time. */
export const HoursRange = t.type({ weekday: intBetween(0, 6), start: ClinicTime, end: ClinicTime }, 'HoursRange');
export type HoursRange = t.TypeOf<typeof HoursRange>;

export const HoursEntry = t.type(
  { locationId: t.string, location: t.string, weekday: t.number, start: ClinicTime, end: ClinicTime },
  'HoursEntry',
);
export type HoursEntry = t.TypeOf<typeof HoursEntry>;

export const LeaveEntry = t.type(
  { _id: t.string, from: ClinicDate, to: ClinicDate, reason: t.string },
  'LeaveEntry',
);
export type LeaveEntry = t.TypeOf<typeof LeaveEntry>;

/**
 * GET /staff/doctors/{id}: hours by weekday, location, start; leave by its first day; online hours
 * (Chat, Video, Call: no location) by weekday and start (optional: older answers lack it).
 */
export const DoctorSchedule = t.intersection(
  [
    t.type({ doctor: AdminDoctor, hours: t.array(HoursEntry), leave: t.array(LeaveEntry) }),
    t.partial({ onlineHours: t.array(HoursRange) }),
  ],
  'DoctorSchedule',
);
export type DoctorSchedule = t.TypeOf<typeof DoctorSchedule>;
export const ScheduleAnswer = t.type({ message: t.string, schedule: DoctorSchedule }, 'ScheduleAnswer');

export const HoursParams = t.type({ id: Id, locationId: Id }, 'HoursParams');
/** The whole week at one location (at most 50 ranges; [] clears it). */
export const HoursRequest = t.type({ hours: t.array(HoursRange) }, 'HoursRequest');
export type HoursRequest = t.TypeOf<typeof HoursRequest>;

/** PUT /staff/doctors/{id}/onlinehours: the whole online week (HoursRequest). */
export const OnlineHoursParams = t.type({ id: Id }, 'OnlineHoursParams');

export const LeaveParams = t.type({ id: Id, leaveId: Id }, 'LeaveParams');
export const LeaveInput = t.type({ from: ClinicDate, to: ClinicDate, reason: optionalText(500) }, 'LeaveInput');
export type LeaveInput = t.TypeOf<typeof LeaveInput>;

/* ------------------------------------------------------------------ fees */

export const AdminFee = t.type(
  { consultationType: ConsultationType, consultationFee: t.union([Rupees, t.null]) },
  'AdminFee',
);
export type AdminFee = t.TypeOf<typeof AdminFee>;
export const AdminFeeList = t.array(AdminFee, 'AdminFeeList');
export const FeeInput = t.type({ consultationType: ConsultationType, consultationFee: Rupees }, 'FeeInput');
export type FeeInput = t.TypeOf<typeof FeeInput>;
export const FeesAnswer = t.type({ message: t.string, fees: AdminFeeList }, 'FeesAnswer');

/* ------------------------------------------------------------------ staff accounts */

export const StaffAccount = t.type(
  {
    userId: t.string,
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    role: AccountRole,
    /** The doctor with the account's email, if any. */
    doctorId: t.union([t.string, t.null]),
    doctorName: t.union([t.string, t.null]),
  },
  'StaffAccount',
);
export type StaffAccount = t.TypeOf<typeof StaffAccount>;
export const StaffAccountList = t.array(StaffAccount, 'StaffAccountList');
export const RoleRequest = t.type({ email: Email, role: AccountRole }, 'RoleRequest');
export type RoleRequest = t.TypeOf<typeof RoleRequest>;
export const RoleAnswer = t.type({ message: t.string, account: StaffAccount }, 'RoleAnswer');

/* ------------------------------------------------------------------ appointments and orders */

/**
 * The same doctor; `locationId` from GET /staff/locations (one of the doctor's), or '' for the
 * doctor's online hours (a Chat, Video or Call that has no clinic).
 */
export const AdminMoveRequest = t.type(
  { date: ClinicDate, startTime: ClinicTime, locationId: t.union([Id, t.literal('')]) },
  'AdminMoveRequest',
);
export type AdminMoveRequest = t.TypeOf<typeof AdminMoveRequest>;

/** Why the clinic cancels (kept in the audit log); may be ''. */
export const AdminCancelRequest = t.type({ reason: optionalText(500) }, 'AdminCancelRequest');
export type AdminCancelRequest = t.TypeOf<typeof AdminCancelRequest>;

export const AdminOrderStatus = t.keyof(
  { Placed: null, Ready: null, Delivered: null, Cancelled: null },
  'AdminOrderStatus',
);
export type AdminOrderStatus = t.TypeOf<typeof AdminOrderStatus>;
export const OrderStatusRequest = t.type({ orderStatus: AdminOrderStatus }, 'OrderStatusRequest');

/* ------------------------------------------------------------------ refunds */

export const RefundState = t.keyof({ open: null, resolved: null, all: null }, 'RefundState');
export const RefundQuery = t.partial({ state: RefundState }, 'RefundQuery');

/**
 * Why money is owed back:
 * - cancelled: the appointment (or order) was cancelled after it was paid;
 * - slotLost: the payment arrived after the unpaid hold lapsed and somebody else took the slot;
 * - duplicate: what it paid for was already paid (two checkouts);
 * - amountChanged: the amount paid was not the amount due.
 */
export const RefundReason = t.keyof(
  { cancelled: null, slotLost: null, duplicate: null, amountChanged: null },
  'RefundReason',
);
export type RefundReason = t.TypeOf<typeof RefundReason>;

/**
 * The latest attempt at refunding it through the payment provider (docs/refunds.md): `new` not
 * yet asked, `pending` asked and not final, `completed`, `failed` (an admin may retry it or pay
 * it back by hand), `cancelled`.
 */
export const ProviderRefund = t.type(
  {
    state: t.keyof({ new: null, pending: null, completed: null, failed: null, cancelled: null }),
    attempt: t.number,
    merchantRefundId: t.string,
    errorCode: t.union([t.string, t.null]),
    /** ISO instant of its last change. */
    updatedAt: t.string,
  },
  'ProviderRefund',
);
export type ProviderRefund = t.TypeOf<typeof ProviderRefund>;

const RefundFields = t.type(
  {
    /** The payment's id; for a refund flagged with no checkout on record, the appointment's `_id`. */
    _id: t.string,
    purpose: t.keyof({ appointment: null, order: null }),
    reason: RefundReason,
    /** Rupees. */
    amount: Rupees,
    /** The provider's reference of the payment (null: none on record). */
    merchantOrderId: t.union([t.string, t.null]),
    provider: t.union([t.string, t.null]),
    /** When it was flagged (ISO instant). */
    flaggedAt: t.string,
    /** The appointment it was for (the order's appointment for an order): `_id` and SHC number. */
    appointmentId: t.string,
    appointmentNumber: t.string,
    orderId: t.union([t.string, t.null]),
    /** `formerPatient` (present only then): the account was closed; name, email and phone are ''. */
    patient: t.intersection([
      t.type({ userId: t.string, name: t.string, email: t.string, phoneNumber: t.string }),
      t.partial({ formerPatient: t.literal(true) }),
    ]),
    /** null while open. */
    resolved: t.union([t.type({ at: t.string, by: t.string, note: t.string }), t.null]),
  },
  'RefundFields',
);
/** `automatic`: present when the refund was (or is being) made through the payment provider. */
export const RefundItem = t.intersection([RefundFields, t.partial({ automatic: ProviderRefund })], 'RefundItem');
export type RefundItem = t.TypeOf<typeof RefundItem>;
export const RefundList = t.array(RefundItem, 'RefundList');
export const RefundResolveRequest = t.type({ note: requiredText(500, { multiline: true }) }, 'RefundResolveRequest');
export type RefundResolveRequest = t.TypeOf<typeof RefundResolveRequest>;
export const RefundAnswer = t.type({ message: t.string, refund: RefundItem }, 'RefundAnswer');
