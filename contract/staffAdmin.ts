/**
 * CONTRACT CHANGE: media links accept https links to Google Drive only (drive.google.com,
 * docs.google.com, *.googleusercontent.com), not any https URL: the site's Content-Security-Policy
 * shows images from our origin and Drive only, so another site's image would never appear.
 *
 * The staff console's admin calls. Served by server/routes/staffAdmin.ts; the console
 * calls them from src/api/staffAdmin.ts. Paths are under /api. Only ADDITIVE changes from here on:
 * a changed shape gets a line "CONTRACT CHANGE: ..." at the top of this comment.
 *
 * Who may call: every endpoint below is for ADMINS only. Before anything else (the body is not
 * read): 401 without a live token, 403 `This is for clinic staff only.` for a patient's token,
 * 403 `This is for clinic admins only.` for a doctor's. Then 400 { message, errors: [{ field,
 * message }] } for bad input (each bad field named; nothing written), 404 { message } for an
 * unknown id in the path, 409 { message } for a refusal. Every change writes an audit row (who,
 * role, when, action, { before, after }) in the same transaction: GET /staff/audit shows them.
 *
 * ORPHAN RULE: a change to a doctor's hours, leave, locations, slot length or active flag that
 * would leave a live booking outside the new schedule is refused with 409 OrphanConflict
 * { message, affected: AppointmentRecord[] } and changes nothing. A live booking: status Booked,
 * not yet ended, holding its slot (paid, or an unpaid hold not lapsed). Move or cancel the
 * affected appointments first (the two calls under "Appointments"), then retry.
 *
 * Locations                                                               action in the audit log
 *   GET    /staff/locations                 -> AdminLocationList
 *   POST   /staff/locations                 LocationInput -> LocationAnswer      location.created
 *   PUT    /staff/locations/order           ReorderRequest -> AdminLocationList  location.reordered
 *   PUT    /staff/locations/{id}            LocationInput -> LocationAnswer      location.renamed
 *   DELETE /staff/locations/{id}            -> MessageAnswer                     location.deleted
 *          409 while a doctor works there or any appointment was booked there.
 *   (name taken: 409; ReorderRequest must list every id exactly once: 400 `ids`.)
 *
 * Doctors
 *   GET    /staff/doctors                   -> AdminDoctorList (retired ones too, `active` false)
 *   POST   /staff/doctors                   DoctorInput -> DoctorAnswer          doctor.created
 *   PUT    /staff/doctors/order             ReorderRequest -> AdminDoctorList    doctor.reordered
 *   GET    /staff/doctors/{id}              -> DoctorSchedule (doctor, weekly hours, leave)
 *   PUT    /staff/doctors/{id}              DoctorInput -> DoctorAnswer          doctor.updated
 *          ORPHAN RULE for locations and slotMinutes (dropping a location drops its hours).
 *          409 when the email is taken, or a doctor account signs in with the old email.
 *   PUT    /staff/doctors/{id}/active       DoctorActiveRequest -> DoctorAnswer  doctor.retired / doctor.reactivated
 *          Retired: hidden from the public doctor list and from booking. ORPHAN RULE (every live booking).
 *   DELETE /staff/doctors/{id}              -> MessageAnswer                     doctor.deleted
 *          409 once the doctor has any appointment (retire instead).
 *
 * Weekly hours and leave (answers: the doctor's whole schedule as it is now)
 *   PUT    /staff/doctors/{id}/hours/{locationId}  HoursRequest -> ScheduleAnswer   hours.replaced
 *   PUT    /staff/doctors/{id}/onlinehours         HoursRequest -> ScheduleAnswer   onlinehours.replaced
 *          (online hours, no location; overlaps only within the online week are refused;
 *          ORPHAN RULE as for clinic hours, for the bookings made from online hours)
 *          Replaces that location's whole week. Each range start < end (HH:mm, clinic time); no
 *          overlap with another range that weekday, at this or any other location of the doctor
 *          (400 naming `hours.N.start`). 404 unknown doctor; 400 `locationId` when the doctor
 *          does not work there. ORPHAN RULE.
 *   POST   /staff/doctors/{id}/leave                LeaveInput -> ScheduleAnswer     leave.added
 *          from <= to (400 `to`). ORPHAN RULE.
 *   DELETE /staff/doctors/{id}/leave/{leaveId}      -> ScheduleAnswer                leave.removed
 *
 * Consultation fees
 *   GET    /staff/fees                      -> AdminFeeList (all four types; null = not offered)
 *   PUT    /staff/fees                      FeeInput -> FeesAnswer               fee.updated
 *          Booked appointments keep the fee they were booked at.
 *
 * Site content: {kind} is `events`, `team` or `testimonials`
 *   GET    /staff/site/events               -> AdminEventList
 *   POST   /staff/site/events               EventInput -> EventAnswer            site.event.created
 *   PUT    /staff/site/events/order         ReorderRequest -> AdminEventList     site.event.reordered
 *   PUT    /staff/site/events/{id}          EventInput -> EventAnswer            site.event.updated
 *   DELETE /staff/site/events/{id}          -> MessageAnswer                     site.event.deleted
 *   ... the same five for /staff/site/team (TeamMemberInput, AdminTeamList, TeamMemberAnswer;
 *   site.team.*) and /staff/site/testimonials (TestimonialInput, AdminTestimonialList,
 *   TestimonialAnswer; site.testimonial.*).
 *   Media links (image, video): '' (none), a local path starting with `/`, or an https link to
 *   Google Drive (drive.google.com, docs.google.com, *.googleusercontent.com), at most 2000
 *   characters; trimmed, stored as given otherwise (isMediaLinkInput).
 *   Answers carry the stored link and its display form (contract/mediaLink.ts
 *   toDisplayableMediaLink) as displayImage / displayVideo, for the preview.
 *   Each input may carry `translations: { hi?: {...}, mr?: {...} }`, the Hindi and
 *   Marathi texts of the kind's translatable fields (events: caption; team: role, description;
 *   testimonials: subject, description), each with its English field's rules, optional, trimmed,
 *   blank = not given (the public site shows English); 400 names `translations.hi.role`. Absent
 *   on a PUT: the stored ones are kept; given: they replace the stored ones. Entries answer
 *   `translations` with every language and field ('' where not given).
 *
 * Staff accounts and roles
 *   GET    /staff/accounts                  -> StaffAccountList (every admin and doctor account)
 *   PUT    /staff/accounts/role             RoleRequest -> RoleAnswer            user.role
 *          404 no account with that email (they must register first); 400 `role` when 'doctor'
 *          and no doctor has that email; 409 when it would leave the clinic without an admin.
 *          Same rules as `npm run clinic -- create-admin|make-doctor|make-patient`.
 *
 * Appointments (admins act on any doctor's; see contract/staff.ts for the day/range list)
 *   POST   /staff/appointments/{id}/move    AdminMoveRequest -> StaffAppointmentAnswer   appointment.moved
 *          To another date, time and location of the SAME doctor, by the booking rules
 *          (a slot of that doctor there that day, not begun, not on leave; 400 naming the field);
 *          409 `This slot is already booked`; 409 for a Completed or Cancelled appointment.
 *          A paid appointment stays paid; an unpaid one keeps its hold's expiry (a lapsed one gets a new hold).
 *   POST   /staff/appointments/{id}/cancel  AdminCancelRequest -> StaffAppointmentAnswer appointment.cancelled
 *          Kept as Cancelled, slot freed. A PAID one is flagged for refund (payment status
 *          `refund`, listed under Refunds). 409 for a Completed or already Cancelled one.
 *   PUT    /staff/orders/{id}/status        OrderStatusRequest -> StaffAppointmentAnswer order.status
 *          Cancelling a paid order flags its payment for refund.
 *
 * Refunds (money the clinic owes back: flagged by the payment service, or by a clinic cancellation)
 *   GET    /staff/refunds?state=open|resolved|all  -> RefundList (open by default, latest first)
 *   POST   /staff/refunds/{id}/resolve      RefundResolveRequest -> RefundAnswer   refund.resolved
 *          Marks it refunded outside the portal, with a note. 409 when already resolved.
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
  textProblem,
} from './primitives.js';
import { BookableUntil, DoctorType } from './site.js';
import { textUpTo } from './staff.js';

/* ------------------------------------------------------------------ shared pieces */

/** Text with a non-space character, at most `max` characters (textProblem's rules), trimmed on the way in. */
export const requiredText = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  new t.Type<string, string, unknown>(
    `RequiredText(${max})`,
    (u): u is string => typeof u === 'string' && u.trim() !== '' && textProblem(u, { max, multiline }) === null,
    (u, c) => {
      if (typeof u !== 'string' || u.trim() === '') return t.failure(u, c, 'is required');
      const trimmed = u.trim();
      const problem = textProblem(trimmed, { max, multiline });
      return problem === null ? t.success(trimmed) : t.failure(u, c, problem);
    },
    (a) => a,
  );

/** Optional text, trimmed, at most `max` characters ('' allowed; textProblem's rules). */
export const optionalText = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  new t.Type<string, string, unknown>(
    `OptionalText(${max})`,
    (u): u is string => typeof u === 'string' && textProblem(u, { max, multiline }) === null,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be text');
      const trimmed = u.trim();
      const problem = textProblem(trimmed, { max, multiline });
      return problem === null ? t.success(trimmed) : t.failure(u, c, problem);
    },
    (a) => a,
  );

/** Hosts whose https links the site can show (server/http/security.ts allows them in img-src / frame-src). */
export const mediaLinkHosts = ['drive.google.com', 'docs.google.com'];
export const mediaLinkHostSuffix = '.googleusercontent.com';

/**
 * '' (none), a local path starting with `/` (not `//`), or an https link to Google Drive; at most
 * 2000 characters, no spaces.
 */
export function isMediaLinkInput(link: string): boolean {
  if (link === '') return true;
  if (/\s/.test(link) || textProblem(link, { max: 2000 }) !== null) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && (mediaLinkHosts.includes(host) || host.endsWith(mediaLinkHostSuffix));
  } catch {
    return false;
  }
}

export const MediaLinkInput = new t.Type<string, string, unknown>(
  'MediaLinkInput',
  (u): u is string => typeof u === 'string' && isMediaLinkInput(u),
  (u, c) => {
    const trimmed = typeof u === 'string' ? u.trim() : null;
    return trimmed !== null && isMediaLinkInput(trimmed)
      ? t.success(trimmed)
      : t.failure(u, c, 'must be empty, a path starting with / or an https:// Google Drive link');
  },
  (a) => a,
);

/** `{ ids }`: every id of the list, each once, in the new order. */
export const ReorderRequest = t.type({ ids: t.array(Id) }, 'ReorderRequest');
export type ReorderRequest = t.TypeOf<typeof ReorderRequest>;

export const AdminIdParams = t.type({ id: Id }, 'AdminIdParams');

/** 409 body of the ORPHAN RULE: the live bookings the change would leave outside the schedule. */
export const OrphanConflict = t.type({ message: t.string, affected: t.array(AppointmentRecord) }, 'OrphanConflict');
export type OrphanConflict = t.TypeOf<typeof OrphanConflict>;

/* ------------------------------------------------------------------ locations */

export const AdminLocation = t.type(
  {
    _id: t.string,
    name: t.string,
    displayOrder: t.number,
    /** Doctors working there: a location in use cannot be deleted. */
    doctorCount: t.number,
    /** Appointments ever booked there (any status): likewise. */
    appointmentCount: t.number,
  },
  'AdminLocation',
);
export type AdminLocation = t.TypeOf<typeof AdminLocation>;
export const AdminLocationList = t.array(AdminLocation, 'AdminLocationList');

export const LocationInput = t.type({ name: requiredText(200) }, 'LocationInput');
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

/* ------------------------------------------------------------------ site content */

export const SiteKind = t.keyof({ events: null, team: null, testimonials: null }, 'SiteKind');
export type SiteKind = t.TypeOf<typeof SiteKind>;

/**
 * The languages site content can be given in besides English (the text every language
 * falls back to). Names, images and videos are not translated.
 */
export const translatedLanguages = ['hi', 'mr'] as const;
export type TranslatedLanguage = (typeof translatedLanguages)[number];

/** Each translated language's texts of one kind's translatable fields; '' is "not given" (English shown). */
export type SiteTranslations<Field extends string> = Record<TranslatedLanguage, Record<Field, string>>;

/**
 * `translations` as the console sends it: `{ hi?: { role?, description? }, mr?: {...} }`, each
 * text with its English field's rules but optional, trimmed; a blank or missing text is "not
 * given". Decodes to every language and field, '' where not given; errors name
 * `translations.hi.role`.
 */
function translationsInput<Fields extends t.Props>(name: string, fields: Fields) {
  const language = t.partial(fields);
  const given = t.partial({ hi: language, mr: language });
  const keys = Object.keys(fields) as (keyof Fields & string)[];
  type Out = SiteTranslations<keyof Fields & string>;
  const fill = (texts: Partial<Record<string, unknown>> | undefined) =>
    Object.fromEntries(keys.map((k) => [k, typeof texts?.[k] === 'string' ? (texts[k] as string) : ''])) as Record<keyof Fields & string, string>;
  return new t.Type<Out, Out, unknown>(
    `${name}Translations`,
    (u): u is Out => given.is(u),
    (u, c) => {
      const decoded = given.validate(u, c);
      if (decoded._tag === 'Left') return decoded;
      return t.success({ hi: fill(decoded.right.hi), mr: fill(decoded.right.mr) } as Out);
    },
    (a) => a,
  );
}

/** The stored translations as the console reads them: every language and field, '' where not given. */
function translationsAnswer(name: string, fields: readonly string[]) {
  const language = t.type(Object.fromEntries(fields.map((f) => [f, t.string])) as Record<string, t.StringC>);
  return t.type({ hi: language, mr: language }, `${name}TranslationsAnswer`);
}

/**
 * The codecs of one kind of site content: the entry as the console reads it (its stored fields,
 * `displayImage` for the preview, its place in the order and its Hindi and Marathi texts), the
 * list, the input of add and save (English fields, and optionally `translations`: absent on a
 * save keeps the stored ones, given replaces them), and their answer, which names the entry `key`.
 */
function siteContentCodecs<Name extends string, Fields extends t.Props, Input extends t.Props, Translatable extends t.Props, Key extends string>(
  name: Name,
  fields: Fields,
  input: Input,
  translatable: Translatable,
  key: Key,
) {
  const translationsCodec = translationsAnswer(name, Object.keys(translatable)) as unknown as t.Type<
    SiteTranslations<keyof Translatable & string>
  >;
  const entry = t.type(
    { _id: t.string, ...fields, displayImage: t.string, displayOrder: t.number, translations: translationsCodec },
    `Admin${name}`,
  );
  const answer: t.TypeC<{ message: t.StringC } & Record<Key, typeof entry>> = t.type(
    { message: t.string, [key]: entry } as { message: t.StringC } & Record<Key, typeof entry>,
    `${name}Answer`,
  );
  const inputCodec = t.intersection(
    [t.type(input), t.partial({ translations: translationsInput(name, translatable) })],
    `${name}Input`,
  );
  return { entry, list: t.array(entry, `Admin${name}List`), input: inputCodec, answer, key, translatable: Object.keys(translatable) as (keyof Translatable & string)[] };
}

export const eventCodecs = siteContentCodecs(
  'Event',
  { caption: t.string, image: t.string, video: t.string, displayVideo: t.string },
  { caption: optionalText(500), image: MediaLinkInput, video: MediaLinkInput },
  { caption: optionalText(500) },
  'event',
);
export const teamCodecs = siteContentCodecs(
  'TeamMember',
  { name: t.string, role: t.string, description: t.string, image: t.string },
  { name: requiredText(200), role: optionalText(200), description: optionalText(4000, { multiline: true }), image: MediaLinkInput },
  { role: optionalText(200), description: optionalText(4000, { multiline: true }) },
  'member',
);
export const testimonialCodecs = siteContentCodecs(
  'Testimonial',
  { name: t.string, subject: t.string, description: t.string, image: t.string },
  { name: requiredText(200), subject: optionalText(200), description: requiredText(4000, { multiline: true }), image: MediaLinkInput },
  { subject: optionalText(200), description: optionalText(4000, { multiline: true }) },
  'testimonial',
);

export const { entry: AdminEvent, list: AdminEventList, input: EventInput, answer: EventAnswer } = eventCodecs;
export type AdminEvent = t.TypeOf<typeof AdminEvent>;
export type EventInput = t.TypeOf<typeof EventInput>;
export const { entry: AdminTeamMember, list: AdminTeamList, input: TeamMemberInput, answer: TeamMemberAnswer } = teamCodecs;
export type AdminTeamMember = t.TypeOf<typeof AdminTeamMember>;
export type TeamMemberInput = t.TypeOf<typeof TeamMemberInput>;
export const { entry: AdminTestimonial, list: AdminTestimonialList, input: TestimonialInput, answer: TestimonialAnswer } = testimonialCodecs;
export type AdminTestimonial = t.TypeOf<typeof AdminTestimonial>;
export type TestimonialInput = t.TypeOf<typeof TestimonialInput>;

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

export const RefundItem = t.type(
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
  'RefundItem',
);
export type RefundItem = t.TypeOf<typeof RefundItem>;
export const RefundList = t.array(RefundItem, 'RefundList');
export const RefundResolveRequest = t.type({ note: requiredText(500, { multiline: true }) }, 'RefundResolveRequest');
export type RefundResolveRequest = t.TypeOf<typeof RefundResolveRequest>;
export const RefundAnswer = t.type({ message: t.string, refund: RefundItem }, 'RefundAnswer');
