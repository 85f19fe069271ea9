/**
 * Every text of the staff console's admin screens (issue 6), typed, English. Kept apart from
 * src/i18n/messages.ts so that patients never download it: only the console's own chunk imports
 * this file. The spec's own words (§8) still come from `messages.spec`.
 */
import type { AppointmentStatus, PaymentStatus } from '../../contract/appointments';
import type { ConsultationType } from '../../contract/primitives';
import type { DoctorType } from '../../contract/site';
import type { AccountRole, AdminOrderStatus, RefundReason } from '../../contract/staffAdmin';

export interface StaffAdminMessages {
  readonly sections: {
    readonly appointments: string;
    readonly refunds: string;
    readonly doctors: string;
    readonly locations: string;
    readonly fees: string;
    readonly site: string;
    readonly accounts: string;
  };
  readonly common: {
    readonly loading: string;
    readonly refreshing: string;
    readonly loadFailed: string;
    readonly tryAgain: string;
    readonly save: string;
    readonly saving: string;
    readonly cancel: string;
    readonly close: string;
    readonly add: string;
    readonly edit: string;
    readonly delete: string;
    readonly deleting: string;
    readonly moveUp: (name: string) => string;
    readonly moveDown: (name: string) => string;
    readonly editItem: (name: string) => string;
    readonly deleteItem: (name: string) => string;
    readonly deleteTitle: string;
    readonly deleteQuestion: (name: string) => string;
    readonly deleteYes: string;
    readonly deleteNo: string;
    readonly saved: string;
    readonly deleted: string;
    readonly saveFailed: string;
    readonly deleteFailed: string;
    readonly reorderFailed: string;
    readonly checkFields: string;
    readonly empty: string;
    readonly optional: string;
    readonly actions: string;
  };
  readonly appointments: {
    readonly title: string;
    readonly filtersLabel: string;
    readonly date: string;
    readonly doctor: string;
    readonly location: string;
    readonly everyDoctor: string;
    readonly everyLocation: string;
    readonly none: (date: string) => string;
    readonly listLabel: (date: string) => string;
    readonly time: string;
    readonly patient: string;
    readonly type: string;
    readonly status: string;
    readonly payment: string;
    readonly order: string;
    readonly noOrder: string;
    readonly orderState: (orderStatus: string, paymentStatus: string) => string;
    readonly statusNames: Readonly<Record<AppointmentStatus, string>>;
    readonly paymentNames: Readonly<Record<PaymentStatus, string>>;
    readonly move: string;
    readonly moveWhich: (patient: string) => string;
    readonly cancelWhich: (patient: string) => string;
    readonly moveTitle: string;
    readonly moveSubject: (patient: string, doctor: string, date: string, time: string) => string;
    readonly cancelTitle: string;
    readonly cancelQuestion: string;
    readonly cancelPaidNote: string;
    readonly cancelReason: string;
    readonly cancelYes: string;
    readonly cancelNo: string;
    readonly cancelling: string;
    readonly cancelled: string;
    readonly cancelFailed: string;
    readonly orderStatus: string;
    readonly changeOrderStatus: (patient: string) => string;
    readonly orderStatusTitle: string;
    readonly orderStatusSubject: (patient: string, total: string, payment: string) => string;
    readonly orderStatusNames: Readonly<Record<AdminOrderStatus, string>>;
    readonly orderStatusHints: Readonly<Record<AdminOrderStatus, string>>;
    readonly orderCancelPaidNote: string;
    readonly saveOrderStatus: string;
    readonly changeFailed: string;
  };
  readonly refunds: {
    readonly title: string;
    readonly intro: string;
    readonly none: string;
    readonly patient: string;
    readonly amount: string;
    readonly flaggedAt: string;
    readonly why: string;
    readonly appointment: string;
    readonly reference: string;
    readonly reasons: Readonly<Record<RefundReason, string>>;
    readonly purposeOrder: string;
    readonly markRefunded: string;
    readonly markRefundedFor: (patient: string) => string;
    readonly resolveTitle: string;
    readonly note: string;
    readonly noteHint: string;
  };
  readonly doctors: {
    readonly title: string;
    readonly none: string;
    readonly add: string;
    readonly addTitle: string;
    readonly editTitle: (name: string) => string;
    readonly name: string;
    readonly email: string;
    readonly type: string;
    readonly types: Readonly<Record<DoctorType, string>>;
    readonly qualification: string;
    readonly slotMinutes: string;
    readonly slotMinutesHint: string;
    readonly locations: string;
    readonly noLocationsYet: string;
    readonly retired: string;
    readonly accountRole: (role: AccountRole | null) => string;
    readonly slotLength: (minutes: number) => string;
    readonly schedule: string;
    readonly scheduleFor: (name: string) => string;
    readonly scheduleTitle: (name: string) => string;
    readonly scheduleLoading: string;
    readonly hoursHeading: string;
    readonly hoursLocation: string;
    readonly hoursIntro: string;
    readonly noHours: string;
    readonly noLocations: string;
    readonly weekday: string;
    readonly weekdays: readonly string[];
    readonly start: string;
    readonly end: string;
    readonly rowLabel: (position: number) => string;
    readonly addRow: string;
    /** The visible text of the remove buttons of hours and leave (their names add which). */
    readonly remove: string;
    readonly removeRow: (position: number) => string;
    readonly saveHours: string;
    readonly savingHours: string;
    readonly leaveHeading: string;
    readonly noLeave: string;
    readonly leaveFrom: string;
    readonly leaveTo: string;
    readonly leaveReason: string;
    readonly addLeave: string;
    readonly addingLeave: string;
    readonly removeLeave: (from: string, to: string) => string;
    readonly leaveRange: (from: string, to: string) => string;
    readonly conflictHeading: string;
    readonly conflictText: string;
    readonly conflictAllHandled: string;
    readonly conflictDismiss: string;
    readonly retire: string;
    readonly reactivate: string;
    readonly retireFor: (name: string) => string;
    readonly reactivateFor: (name: string) => string;
    readonly retireTitle: (name: string) => string;
    readonly reactivateTitle: (name: string) => string;
    readonly retireText: string;
    readonly reactivateText: string;
    readonly retireYes: string;
    readonly reactivateYes: string;
    readonly keepAsIs: string;
    readonly working: string;
    readonly retiredConflictAllHandled: string;
  };
  readonly locations: {
    readonly title: string;
    readonly none: string;
    readonly add: string;
    readonly addTitle: string;
    readonly renameTitle: (name: string) => string;
    readonly rename: string;
    readonly renameItem: (name: string) => string;
    readonly name: string;
    readonly usage: (doctors: number, appointments: number) => string;
  };
  readonly fees: {
    readonly title: string;
    readonly intro: string;
    readonly type: string;
    readonly fee: string;
    readonly feeFor: (type: ConsultationType) => string;
    readonly notOffered: string;
    readonly editFee: (type: ConsultationType) => string;
    readonly editTitle: (type: ConsultationType) => string;
    readonly feeHint: string;
  };
  readonly site: {
    readonly title: string;
    readonly events: string;
    readonly team: string;
    readonly testimonials: string;
    readonly noEvents: string;
    readonly noTeam: string;
    readonly noTestimonials: string;
    readonly addEvent: string;
    readonly addMember: string;
    readonly addTestimonial: string;
    readonly eventTitle: string;
    readonly memberTitle: string;
    readonly testimonialTitle: string;
    readonly caption: string;
    readonly image: string;
    readonly video: string;
    readonly name: string;
    readonly role: string;
    readonly subject: string;
    readonly description: string;
    readonly linkHint: string;
    readonly previewHeading: string;
    readonly previewEmpty: string;
    readonly previewUnchanged: string;
    readonly previewConverted: string;
    readonly previewImageAlt: (field: string) => string;
    readonly openVideo: string;
    readonly untitledEvent: string;
  };
  readonly accounts: {
    readonly title: string;
    readonly intro: string;
    readonly none: string;
    readonly name: string;
    readonly email: string;
    readonly role: string;
    readonly doctor: string;
    readonly roles: Readonly<Record<AccountRole, string>>;
    readonly setRole: string;
    readonly setRoleTitle: string;
    readonly changeRole: (email: string) => string;
    readonly changeRoleText: string;
    readonly roleHint: string;
  };
}

const statusNames: Record<AppointmentStatus, string> = {
  Booked: 'Booked',
  Expired: 'Expired',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
};

export const staffAdminMessages: StaffAdminMessages = {
  sections: {
    appointments: 'Appointments',
    refunds: 'Refunds',
    doctors: 'Doctors',
    locations: 'Locations',
    fees: 'Fees',
    site: 'Site content',
    accounts: 'Staff accounts',
  },
  common: {
    loading: 'Loading…',
    refreshing: 'Updating the list…',
    loadFailed: 'We could not load this list.',
    tryAgain: 'Try again',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    close: 'Close',
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    deleting: 'Deleting…',
    moveUp: (name) => `Move ${name} up`,
    moveDown: (name) => `Move ${name} down`,
    editItem: (name) => `Edit ${name}`,
    deleteItem: (name) => `Delete ${name}`,
    deleteTitle: 'Delete',
    deleteQuestion: (name) => `Delete ${name}? This cannot be undone.`,
    deleteYes: 'Yes, delete',
    deleteNo: 'No, keep it',
    saved: 'Saved.',
    deleted: 'Deleted.',
    saveFailed: 'The change could not be saved. Please try again.',
    deleteFailed: 'It could not be deleted. Please try again.',
    reorderFailed: 'The new order could not be saved. Please try again.',
    checkFields: 'Please check the fields marked below.',
    empty: 'Nothing here yet.',
    optional: '(optional)',
    actions: 'Actions',
  },
  appointments: {
    title: 'Appointments',
    filtersLabel: 'Show appointments',
    date: 'Date',
    doctor: 'Doctor',
    location: 'Location',
    everyDoctor: 'Every doctor',
    everyLocation: 'Every location',
    none: (date) => `No appointments on ${date}.`,
    listLabel: (date) => `Appointments on ${date}`,
    time: 'Time',
    patient: 'Patient',
    type: 'Type',
    status: 'Status',
    payment: 'Payment',
    order: 'Order',
    noOrder: 'No order',
    orderState: (orderStatus, paymentStatus) => `${orderStatus}, payment ${paymentStatus}`,
    statusNames,
    paymentNames: { paid: 'Paid', pending: 'Pending', failed: 'Failed', refund: 'Refund' },
    move: 'Move',
    moveWhich: (patient) => `Move the appointment of ${patient}`,
    cancelWhich: (patient) => `Cancel the appointment of ${patient}`,
    moveTitle: 'Move appointment',
    moveSubject: (patient, doctor, date, time) => `${patient} with ${doctor}, now ${date} at ${time}`,
    cancelTitle: 'Cancel appointment',
    cancelQuestion: 'Cancel this appointment? Its slot is freed for others.',
    cancelPaidNote: 'The fee was paid: it will be flagged for refund under Refunds.',
    cancelReason: 'Reason (kept in the audit log)',
    cancelYes: 'Yes, cancel it',
    cancelNo: 'No, keep it',
    cancelling: 'Cancelling…',
    cancelled: 'The appointment was cancelled.',
    cancelFailed: 'The appointment could not be cancelled. Please try again.',
    orderStatus: 'Order status',
    changeOrderStatus: (patient) => `Change the order status of ${patient}`,
    orderStatusTitle: 'Order status',
    orderStatusSubject: (patient, total, payment) => `The pharmacy order of ${patient}: ${total}, payment ${payment}.`,
    orderStatusNames: { Placed: 'Placed', Ready: 'Ready', Delivered: 'Delivered', Cancelled: 'Cancelled' },
    orderStatusHints: {
      Placed: 'the pharmacy has the order',
      Ready: 'ready to collect or send',
      Delivered: 'the patient has the medicines',
      Cancelled: 'final: it cannot change again',
    },
    orderCancelPaidNote: 'This order was paid: cancelling it flags the payment for refund under Refunds.',
    saveOrderStatus: 'Save status',
    changeFailed: 'The change could not be saved. Please try again.',
  },
  refunds: {
    title: 'Refunds',
    intro: 'Money the clinic owes back. Refund it with the payment provider, then mark it refunded here with a note.',
    none: 'No refunds waiting.',
    patient: 'Patient',
    amount: 'Amount',
    flaggedAt: 'Flagged',
    why: 'Why',
    appointment: 'Appointment',
    reference: 'Payment reference',
    reasons: {
      cancelled: 'Cancelled after it was paid',
      slotLost: 'Paid after the slot was lost',
      duplicate: 'Paid twice',
      amountChanged: 'Paid amount differed from the amount due',
    },
    purposeOrder: 'Pharmacy order',
    markRefunded: 'Mark refunded',
    markRefundedFor: (patient) => `Mark refunded: ${patient}`,
    resolveTitle: 'Mark refunded',
    note: 'Note',
    noteHint: 'How and when it was refunded, e.g. the provider’s refund reference.',
  },
  doctors: {
    title: 'Doctors',
    none: 'No doctors yet.',
    add: 'Add doctor',
    addTitle: 'Add doctor',
    editTitle: (name) => `Edit ${name}`,
    name: 'Name',
    email: 'Email',
    type: 'Type',
    types: { online: 'Online only (chat, video, call)', clinic: 'Clinic and online' },
    qualification: 'Qualification',
    slotMinutes: 'Slot length (minutes)',
    slotMinutesHint: 'From 5 to 240 minutes.',
    locations: 'Locations',
    noLocationsYet: 'Add a location first (Locations).',
    retired: 'Retired',
    accountRole: (role) => (role === null ? 'No account yet' : `Account: ${role}`),
    slotLength: (minutes) => `${minutes}-minute slots`,
    schedule: 'Hours and leave',
    scheduleFor: (name) => `Hours and leave of ${name}`,
    scheduleTitle: (name) => `Hours and leave: ${name}`,
    scheduleLoading: 'Loading the schedule…',
    hoursHeading: 'Weekly hours',
    hoursLocation: 'Location',
    hoursIntro: 'Save replaces the whole week at this location. Times are clinic time.',
    noHours: 'No hours at this location: add a row.',
    noLocations: 'The doctor works at no location yet: edit the doctor to add one.',
    weekday: 'Day',
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    start: 'From',
    end: 'To',
    rowLabel: (position) => `Hours ${position}`,
    addRow: 'Add hours',
    remove: 'Remove',
    removeRow: (position) => `Remove hours ${position}`,
    saveHours: 'Save hours',
    savingHours: 'Saving hours…',
    leaveHeading: 'Leave',
    noLeave: 'No leave planned.',
    leaveFrom: 'Leave from',
    leaveTo: 'Leave to',
    leaveReason: 'Leave reason',
    addLeave: 'Add leave',
    addingLeave: 'Adding leave…',
    removeLeave: (from, to) => `Remove leave ${from} to ${to}`,
    leaveRange: (from, to) => (from === to ? from : `${from} to ${to}`),
    conflictHeading: 'Nothing was changed',
    conflictText: 'These booked appointments would lose their slot: move or cancel them first.',
    conflictAllHandled: 'Every affected appointment was moved or cancelled: save again.',
    conflictDismiss: 'Hide this list',
    retire: 'Retire',
    reactivate: 'Reactivate',
    retireFor: (name) => `Retire ${name}`,
    reactivateFor: (name) => `Reactivate ${name}`,
    retireTitle: (name) => `Retire ${name}?`,
    reactivateTitle: (name) => `Reactivate ${name}?`,
    retireText:
      'A retired doctor is no longer listed on the site nor bookable; their records stay. Their booked appointments must be moved or cancelled first. You can reactivate them later.',
    reactivateText: 'The doctor is listed on the site and bookable again, in the hours they had.',
    retireYes: 'Yes, retire',
    reactivateYes: 'Yes, reactivate',
    keepAsIs: 'No, keep as is',
    working: 'Saving…',
    retiredConflictAllHandled: 'Every affected appointment was moved or cancelled: retire the doctor now.',
  },
  locations: {
    title: 'Locations',
    none: 'No locations yet.',
    add: 'Add location',
    addTitle: 'Add location',
    renameTitle: (name) => `Rename ${name}`,
    rename: 'Rename',
    renameItem: (name) => `Rename ${name}`,
    name: 'Location name',
    usage: (doctors, appointments) =>
      `${doctors} ${doctors === 1 ? 'doctor' : 'doctors'}, ${appointments} ${appointments === 1 ? 'appointment' : 'appointments'}`,
  },
  fees: {
    title: 'Consultation fees',
    intro: 'Booked appointments keep the fee they were booked at.',
    type: 'Consultation type',
    fee: 'Fee',
    feeFor: (type) => `${type} fee (₹)`,
    notOffered: 'Not set',
    editFee: (type) => `Edit ${type} fee`,
    editTitle: (type) => `${type} fee`,
    feeHint: 'In rupees, up to two decimals.',
  },
  site: {
    title: 'Site content',
    events: 'Events',
    team: 'Team members',
    testimonials: 'Testimonials',
    noEvents: 'No events yet.',
    noTeam: 'No team members yet.',
    noTestimonials: 'No testimonials yet.',
    addEvent: 'Add event',
    addMember: 'Add team member',
    addTestimonial: 'Add testimonial',
    eventTitle: 'Event',
    memberTitle: 'Team member',
    testimonialTitle: 'Testimonial',
    caption: 'Caption',
    image: 'Image link',
    video: 'Video link',
    name: 'Name',
    role: 'Role',
    subject: 'Subject',
    description: 'Description',
    linkHint: 'A path such as /media/team/anita.webp, or an https:// link (a Google Drive share link is converted).',
    previewHeading: 'Preview',
    previewEmpty: 'No link.',
    previewUnchanged: 'Shown as given:',
    previewConverted: 'Shown as:',
    previewImageAlt: (field) => `Preview of the ${field.toLowerCase()}`,
    openVideo: 'Open the video (new tab)',
    untitledEvent: 'Event without caption',
  },
  accounts: {
    title: 'Staff accounts',
    intro: 'The account must exist first (the person registers). A doctor role needs a doctor with the same email.',
    none: 'No staff accounts.',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    doctor: 'Doctor',
    roles: { admin: 'Admin', doctor: 'Doctor', patient: 'Patient (no staff access)' },
    setRole: 'Set a role',
    setRoleTitle: 'Set the role of an account',
    changeRole: (email) => `Change role: ${email}`,
    changeRoleText: 'Change role',
    roleHint: 'Email of the account',
  },
};
