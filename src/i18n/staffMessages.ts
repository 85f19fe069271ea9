/**
 * The staff console's words (issue 6): the shell, the doctor's lists and consultation screens, and
 * the audit log, typed like the site's catalog (./messages.ts) and English for now. Kept in a file
 * of its own so that only the staff chunk loads them; the admin sections have theirs in
 * ./staffAdminMessages.ts. The server's own messages ('This is for clinic staff only.',
 * 'Consultation completed.', ...) are shown as the server sends them.
 */
import type { AppointmentStatus, PaymentStatus } from '../../contract/appointments';
import type { Problem } from '../../machines/consultation/forms';

export interface StaffMessages {
  readonly console: {
    readonly title: string;
    /** The browser tab's title on one section: "Doctors · Staff console". */
    readonly sectionTitle: (section: string) => string;
    readonly checking: string;
    /** Shown when the server refused without its own words. */
    readonly staffOnly: string;
    readonly unreachable: string;
    readonly tryAgain: string;
    readonly navLabel: string;
    readonly sections: string;
    readonly signedInAs: (name: string, role: string) => string;
    readonly roles: { readonly admin: string; readonly doctor: string };
    readonly doctorGroup: string;
    readonly adminGroup: string;
    readonly today: string;
    readonly upcoming: string;
    readonly audit: string;
    readonly unknownSection: string;
    readonly backToToday: string;
  };
  readonly list: {
    readonly todayHeading: (date: string) => string;
    readonly upcomingHeading: (from: string, to: string) => string;
    readonly label: string;
    readonly loading: string;
    readonly refreshing: string;
    readonly refresh: string;
    readonly empty: string;
    readonly somethingWentWrong: string;
    readonly filtersLabel: string;
    readonly doctor: string;
    readonly allDoctors: string;
    readonly location: string;
    readonly allLocations: string;
    readonly filtersFailed: string;
    readonly time: string;
    readonly date: string;
    readonly patient: string;
    readonly type: string;
    readonly status: string;
    readonly payment: string;
    readonly rowHeading: (time: string, patient: string) => string;
  };
  readonly statusNames: Readonly<Record<AppointmentStatus, string>>;
  readonly paymentNames: Readonly<Record<PaymentStatus, string>>;
  readonly detail: {
    readonly title: string;
    readonly back: string;
    readonly loading: string;
    readonly refused: string;
    readonly failed: string;
    readonly patientHeading: string;
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly age: string;
    readonly gender: string;
    readonly genders: { readonly male: string; readonly female: string };
    readonly appointmentHeading: string;
    readonly appointmentId: string;
    readonly doctor: string;
    readonly location: string;
    readonly type: string;
    readonly when: string;
    readonly whenValue: (date: string, time: string, minutes: number | null) => string;
    readonly status: string;
    readonly fee: string;
    readonly feePayment: string;
    readonly payments: string;
    readonly paymentLine: (what: string, amount: string, status: string, at: string) => string;
    readonly paymentPurposes: { readonly appointment: string; readonly order: string };
    readonly cancelled: string;
    readonly prescriptionHeading: string;
    readonly noPrescription: string;
    readonly orderHeading: string;
    readonly noOrder: string;
    readonly orderTotal: string;
    readonly orderMode: string;
    readonly orderPayment: string;
    readonly orderStatus: string;
    readonly orderPharmacy: string;
  };
  readonly prescription: {
    readonly completeHeading: string;
    readonly updateHeading: string;
    readonly complain: string;
    readonly remedies: string;
    readonly remedy: (position: number) => string;
    readonly medicineName: string;
    readonly dosage: string;
    readonly frequency: string;
    readonly addRemedy: string;
    readonly removeRemedy: (position: number) => string;
    readonly noRemedies: string;
    readonly potency: string;
    readonly duration: string;
    readonly pharmacyName: string;
    readonly pharmacyId: string;
    readonly instructions: string;
    readonly showMedicine: string;
    readonly showMedicineHint: string;
    readonly complete: string;
    readonly update: string;
    readonly saving: string;
  };
  readonly order: {
    readonly heading: string;
    readonly intro: string;
    readonly pharmacyId: string;
    readonly total: string;
    readonly totalHint: string;
    readonly paymentMode: string;
    readonly card: string;
    readonly cardHint: string;
    readonly cash: string;
    readonly cashHint: string;
    readonly create: string;
    readonly saving: string;
  };
  readonly problems: Readonly<Record<Problem, string>>;
  readonly checkFields: string;
  readonly audit: {
    readonly heading: string;
    readonly intro: string;
    readonly loading: string;
    readonly empty: string;
    readonly failed: string;
    readonly refresh: string;
    readonly older: string;
    readonly loadingOlder: string;
    readonly end: string;
    readonly when: string;
    readonly who: string;
    readonly role: string;
    readonly action: string;
    readonly appointment: string;
    /** The appointment link's text when the entry's appointment has no number (it was deleted). */
    readonly openAppointment: string;
    readonly changes: string;
    readonly field: string;
    readonly before: string;
    readonly after: string;
    readonly none: string;
    readonly empty_value: string;
    readonly noChanges: string;
    readonly roles: { readonly patient: string; readonly admin: string; readonly doctor: string; readonly operator: string };
    readonly actions: Readonly<Record<string, string>>;
    /** The recorded names of the changed values, as a clinic reads them (others are shown as recorded). */
    readonly fieldNames: Readonly<Record<string, string>>;
  };
}

export const staffMessages: StaffMessages = {
  console: {
    title: 'Staff console',
    sectionTitle: (section) => `${section} · Staff console`,
    checking: 'Checking your staff access…',
    staffOnly: 'This is for clinic staff only.',
    unreachable: 'We could not reach the server to check your staff access.',
    tryAgain: 'Try again',
    navLabel: 'Staff console sections',
    sections: 'Sections',
    signedInAs: (name, role) => `Signed in as ${name} (${role})`,
    roles: { admin: 'admin', doctor: 'doctor' },
    doctorGroup: 'Consultations',
    adminGroup: 'Clinic',
    today: 'Today',
    upcoming: 'Upcoming',
    audit: 'Audit log',
    unknownSection: 'There is no such section in the staff console.',
    backToToday: "Go to today's appointments",
  },
  list: {
    todayHeading: (date) => `Today, ${date}`,
    upcomingHeading: (from, to) => `Upcoming, ${from} to ${to}`,
    label: 'Appointments',
    loading: 'Loading the appointments…',
    refreshing: 'Updating the list…',
    refresh: 'Refresh',
    empty: 'No Appointments Found.',
    somethingWentWrong: 'Something went wrong.',
    filtersLabel: 'Show appointments of',
    doctor: 'Doctor',
    allDoctors: 'All doctors',
    location: 'Location',
    allLocations: 'All locations',
    filtersFailed: 'The doctor and location filters could not be loaded; all appointments are shown.',
    time: 'Time',
    date: 'Date',
    patient: 'Patient',
    type: 'Type',
    status: 'Status',
    payment: 'Fee',
    rowHeading: (time, patient) => `${time}, ${patient}`,
  },
  statusNames: { Booked: 'Booked', Expired: 'Expired', Completed: 'Completed', Cancelled: 'Cancelled' },
  paymentNames: { paid: 'Paid', pending: 'Payment pending', failed: 'Not paid', refund: 'Refund due' },
  detail: {
    title: 'Appointment',
    back: 'Back to the list',
    loading: 'Loading the appointment…',
    refused: 'This appointment cannot be opened.',
    failed: 'We could not load the appointment.',
    patientHeading: 'Patient',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    age: 'Age',
    gender: 'Gender',
    genders: { male: 'Male', female: 'Female' },
    appointmentHeading: 'Appointment',
    appointmentId: 'Appointment ID',
    doctor: 'Doctor',
    location: 'Location',
    type: 'Consultation type',
    when: 'When',
    whenValue: (date, time, minutes) => (minutes === null ? `${date}, ${time}` : `${date}, ${time} (${minutes} minutes)`),
    status: 'Status',
    fee: 'Fee',
    feePayment: 'Fee payment',
    payments: 'Checkouts',
    paymentLine: (what, amount, status, at) => `${what}: ${amount}, ${status}, ${at}`,
    paymentPurposes: { appointment: 'Consultation fee', order: 'Pharmacy order' },
    cancelled: 'This appointment was cancelled: it cannot be completed.',
    prescriptionHeading: 'Prescription',
    noPrescription: 'No prescription yet.',
    orderHeading: 'Pharmacy order',
    noOrder: 'No order yet.',
    orderTotal: 'Total',
    orderMode: 'Payment mode',
    orderPayment: 'Payment status',
    orderStatus: 'Order status',
    orderPharmacy: 'Pharmacy ID',
  },
  prescription: {
    completeHeading: 'Complete the consultation',
    updateHeading: 'Update the prescription',
    complain: 'Complaint',
    remedies: 'Remedies',
    remedy: (position) => `Remedy ${position}`,
    medicineName: 'Medicine name',
    dosage: 'Dosage',
    frequency: 'Frequency',
    addRemedy: 'Add a remedy',
    removeRemedy: (position) => `Remove remedy ${position}`,
    noRemedies: 'No remedies: add one if the patient needs medicine.',
    potency: 'Potency',
    duration: 'Duration',
    pharmacyName: 'Pharmacy name',
    pharmacyId: 'Pharmacy ID',
    instructions: 'Instructions',
    showMedicine: 'Show the medicines to the patient',
    showMedicineHint: 'Unticked, the patient sees the complaint and instructions but not the remedies.',
    complete: 'Complete consultation',
    update: 'Save prescription',
    saving: 'Saving…',
  },
  order: {
    heading: 'Create the pharmacy order',
    intro: 'The patient sees the order with the appointment, and pays a card order online.',
    pharmacyId: 'Pharmacy ID',
    total: 'Total (₹)',
    totalHint: 'In rupees, for example 450 or 1250.50.',
    paymentMode: 'Payment mode',
    card: 'Card',
    cardHint: 'the patient pays online',
    cash: 'Cash',
    cashHint: 'paid at the pharmacy',
    create: 'Create order',
    saving: 'Creating the order…',
  },
  problems: {
    required: 'This is required.',
    tooLong: 'This is too long.',
    notAmount: 'Write an amount in rupees, like 450 or 1250.50.',
    notPositive: 'The total must be more than zero.',
    tooLarge: 'The total is too large.',
  },
  checkFields: 'Please correct the fields marked below.',
  audit: {
    heading: 'Audit log',
    intro: 'Every change made by staff: who, when, and what changed. Latest first.',
    loading: 'Loading the audit log…',
    empty: 'No changes recorded yet.',
    failed: 'We could not load the audit log.',
    refresh: 'Refresh',
    older: 'Older entries',
    loadingOlder: 'Loading older entries…',
    end: 'That is the whole log.',
    when: 'When',
    who: 'Who',
    role: 'Role',
    action: 'Action',
    appointment: 'Appointment',
    openAppointment: 'Open the appointment',
    changes: 'Changes',
    field: 'Field',
    before: 'Before',
    after: 'After',
    none: '—',
    empty_value: '(empty)',
    noChanges: 'No values changed.',
    roles: { patient: 'patient', admin: 'admin', doctor: 'doctor', operator: 'operator (command line)' },
    actions: {
      'appointment.completed': 'Completed a consultation',
      'prescription.updated': 'Updated a prescription',
      'order.created': 'Created a pharmacy order',
      'appointment.moved': 'Moved an appointment',
      'appointment.cancelled': 'Cancelled an appointment',
      'order.status': 'Changed an order status',
      'user.role': 'Changed a staff role',
      'doctor.created': 'Added a doctor',
      'doctor.updated': 'Changed a doctor',
      'doctor.retired': 'Retired a doctor',
      'doctor.reactivated': 'Reactivated a doctor',
      'doctor.deleted': 'Deleted a doctor',
      'doctor.reordered': 'Reordered the doctors',
      'hours.replaced': 'Changed weekly hours',
      'leave.added': 'Added leave',
      'leave.removed': 'Removed leave',
      'fee.updated': 'Changed a fee',
      'location.created': 'Added a location',
      'location.renamed': 'Renamed a location',
      'location.deleted': 'Deleted a location',
      'location.reordered': 'Reordered the locations',
      'refund.resolved': 'Resolved a refund',
      'site.event.created': 'Added an event',
      'site.event.updated': 'Changed an event',
      'site.event.deleted': 'Deleted an event',
      'site.event.reordered': 'Reordered the events',
      'site.team.created': 'Added a team member',
      'site.team.updated': 'Changed a team member',
      'site.team.deleted': 'Deleted a team member',
      'site.team.reordered': 'Reordered the team members',
      'site.testimonial.created': 'Added a testimonial',
      'site.testimonial.updated': 'Changed a testimonial',
      'site.testimonial.deleted': 'Deleted a testimonial',
      'site.testimonial.reordered': 'Reordered the testimonials',
    },
    fieldNames: {
      status: 'Status',
      medicines: 'Prescription',
      complain: 'Complaint',
      remedies: 'Remedies',
      medicineName: 'Medicine name',
      dosage: 'Dosage',
      frequency: 'Frequency',
      potency: 'Potency',
      duration: 'Duration',
      pharmacyName: 'Pharmacy name',
      pharmacyId: 'Pharmacy ID',
      instructions: 'Instructions',
      showMedicine: 'Shown to the patient',
      orderId: 'Order ID',
      totalPrice: 'Total (₹)',
      orderStatus: 'Order status',
      paymentMode: 'Payment mode',
      paymentStatus: 'Payment status',
      name: 'Name',
      email: 'Email',
      role: 'Role',
      type: 'Type',
      qualification: 'Qualification',
      slotMinutes: 'Slot length (minutes)',
      active: 'Listed and bookable',
      locations: 'Locations',
      location: 'Location',
      locationId: 'Location ID',
      doctor: 'Doctor',
      doctorId: 'Doctor ID',
      hours: 'Hours',
      weekday: 'Day',
      start: 'From',
      end: 'To',
      from: 'From',
      to: 'To',
      leaveId: 'Leave ID',
      reason: 'Reason',
      date: 'Date',
      startTime: 'Time',
      fee: 'Fee (₹)',
      consultationType: 'Consultation type',
      caption: 'Caption',
      image: 'Image link',
      video: 'Video link',
      subject: 'Subject',
      description: 'Description',
      note: 'Note',
      id: 'ID',
      value: 'Value',
    },
  },
};
