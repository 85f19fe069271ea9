/** Appointments, slots, orders and the payment service (spec §3, §7). Served from the booking issue on. */
import * as t from 'io-ts';
import {
  ClinicDate,
  ClinicTime,
  ConsultationType,
  Email,
  Gender,
  Id,
  intBetween,
  NonEmptyString,
  PhoneNumber,
  Rupees,
} from './primitives.js';

export const Remedy = t.type(
  { medicineName: t.string, dosage: t.string, frequency: t.string },
  'Remedy',
);
export type Remedy = t.TypeOf<typeof Remedy>;

/** The prescription of a consultation; all empty when the appointment is made (spec §3). */
export const Medicines = t.type(
  {
    complain: t.string,
    remedies: t.array(Remedy),
    potency: t.string,
    duration: t.string,
    pharmacyName: t.string,
    pharmacyId: t.string,
    instructions: t.string,
    showMedicine: t.boolean,
  },
  'Medicines',
);
export type Medicines = t.TypeOf<typeof Medicines>;

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

export const PaymentStatus = t.keyof({ failed: null, pending: null, paid: null, refund: null }, 'PaymentStatus');
export type PaymentStatus = t.TypeOf<typeof PaymentStatus>;

/** The spec's create payload. The server trusts only its ids: doctor name and fee come from its own records. */
export const AppointmentCreateRequest = t.type(
  {
    firstName: NonEmptyString,
    lastName: NonEmptyString,
    email: Email,
    phoneNumber: PhoneNumber,
    age: intBetween(1, 120),
    gender: Gender,
    date: ClinicDate,
    doctorName: t.string,
    doctorEmail: Email,
    location: NonEmptyString,
    consultationType: ConsultationType,
    startTime: ClinicTime,
    appointmentPaymentStatus: t.literal('failed'),
    appointmentPaymentId: t.null,
    medicines: Medicines,
  },
  'AppointmentCreateRequest',
);
export type AppointmentCreateRequest = t.TypeOf<typeof AppointmentCreateRequest>;

export const AppointmentStatus = t.keyof(
  { Booked: null, Expired: null, Completed: null, Cancelled: null },
  'AppointmentStatus',
);
export type AppointmentStatus = t.TypeOf<typeof AppointmentStatus>;

export const Order = t.type(
  {
    _id: t.string,
    appointmentId: t.string,
    totalPrice: Rupees,
    paymentMode: t.string,
    paymentStatus: t.string,
    orderStatus: t.string,
    pharmacyId: t.string,
  },
  'Order',
);
export type Order = t.TypeOf<typeof Order>;

export const AppointmentRecord = t.type(
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
  'AppointmentRecord',
);
export type AppointmentRecord = t.TypeOf<typeof AppointmentRecord>;
export const AppointmentList = t.array(AppointmentRecord, 'AppointmentList');

export const AppointmentUpdateRequest = t.type(
  {
    selectedLocation: NonEmptyString,
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

export const SlotStatus = t.keyof({ booked: null, unavailable: null, free: null }, 'SlotStatus');
export type SlotStatus = t.TypeOf<typeof SlotStatus>;
export const TimeSlot = t.type({ time: ClinicTime, status: SlotStatus }, 'TimeSlot');
export type TimeSlot = t.TypeOf<typeof TimeSlot>;
export const TimeSlotList = t.array(TimeSlot, 'TimeSlotList');

/** Path of GET /doctor/gettimeslot/{doctorEmail}/{location}/{date}. */
export const TimeSlotParams = t.type(
  { doctorEmail: Email, location: NonEmptyString, date: ClinicDate },
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

/** amount is in paise (price times 100), as the spec says. */
export const CreateOrderPaymentRequest = t.type(
  { pharmacyId: t.string, orderId: Id, amount: intBetween(1, 100_000_000) },
  'CreateOrderPaymentRequest',
);
export type CreateOrderPaymentRequest = t.TypeOf<typeof CreateOrderPaymentRequest>;
export const CreateOrderPaymentAnswer = t.type(
  { checkoutPageUrl: t.string },
  'CreateOrderPaymentAnswer',
);

/** GET /payment/config: the checkout origins (or origin + path prefixes) /payment may redirect to. */
export const PaymentConfigAnswer = t.type({ checkoutOrigins: t.array(t.string) }, 'PaymentConfigAnswer');
export type PaymentConfigAnswer = t.TypeOf<typeof PaymentConfigAnswer>;

/** Path of GET /appointment/{id}/calendar.ics: the record's `_id`. */
export const AppointmentIdParams = t.type({ id: Id }, 'AppointmentIdParams');
