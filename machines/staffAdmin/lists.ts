/**
 * The admin sections that are "a list and a form" (machines/staffAdmin/adminListMachine.ts), each
 * with its form's fields: what a new item's form holds, what an existing item's form holds, and
 * how a form becomes the call's payload. Pure, so tests check them on their own; the server still
 * decides what is valid (400 naming the field), these only carry what was typed.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { consultationTypes, type ConsultationType } from '../../contract/primitives.js';
import type { DoctorType } from '../../contract/site.js';
import type {
  AccountRole,
  AdminDoctor,
  AdminEvent,
  AdminFee,
  AdminLocation,
  AdminTeamMember,
  AdminTestimonial,
  RefundItem,
  SiteTranslations,
  StaffAccount,
  TranslatedLanguage,
} from '../../contract/staffAdmin.js';
import { translatedLanguages } from '../../contract/staffAdmin.js';
import type { Draft } from './adminListContext.js';
import { createAdminListMachine } from './adminListMachine.js';

/** A number typed in a form: the number when it is one, else the text as typed (the server then names the field). */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/* Locations */

/**
 * The location form keeps "online patients may pay at the clinic" as 'on' or '' once it is known
 * (an edit) or touched (a new one); untouched on a new location, it is not sent, so it stays off.
 */
export const locationsMachine = createAdminListMachine<AdminLocation>({
  id: 'adminLocations',
  description: 'Locations: list, add, rename or set paying at the clinic, delete (refused while used), reorder.',
  emptyDraft: { name: '' },
  toDraft: (location) => ({ name: location.name, ...(location.payAtClinic !== undefined ? { payAtClinic: location.payAtClinic ? 'on' : '' } : {}) }),
});
export const locationPayload = (draft: Draft) => ({
  name: draft.name ?? '',
  ...(draft.payAtClinic !== undefined ? { payAtClinic: draft.payAtClinic === 'on' } : {}),
});

/* Doctors */

/**
 * The doctor form keeps the chosen location ids as one text, comma separated (ids have no commas),
 * and the morning list's checkbox as 'on' or '' (drafts are text).
 */
export const joinIds = (ids: readonly string[]): string => ids.join(',');
export const splitIds = (text: string | undefined): string[] => (text ?? '').split(',').filter((id) => id !== '');

export const doctorsMachine = createAdminListMachine<AdminDoctor>({
  id: 'adminDoctors',
  description: 'Doctors: list, add, edit (name, email, type, qualification, registration, morning list, slot length, locations), delete, reorder.',
  emptyDraft: { name: '', email: '', type: 'clinic', qualification: '', registrationCouncil: '', registrationNumber: '', morningList: '', slotMinutes: '30', locationIds: '' },
  toDraft: (doctor) => ({
    name: doctor.name,
    email: doctor.email,
    type: doctor.type,
    qualification: doctor.qualification,
    registrationCouncil: doctor.registrationCouncil,
    registrationNumber: doctor.registrationNumber,
    morningList: doctor.morningList ? 'on' : '',
    slotMinutes: String(doctor.slotMinutes),
    locationIds: joinIds(doctor.locations.map((l) => l._id)),
  }),
});
export function doctorPayload(draft: Draft) {
  const type: DoctorType = draft.type === 'online' ? 'online' : 'clinic';
  return {
    name: draft.name ?? '',
    email: (draft.email ?? '').trim(),
    type,
    qualification: draft.qualification ?? '',
    registrationCouncil: draft.registrationCouncil ?? '',
    registrationNumber: draft.registrationNumber ?? '',
    morningList: draft.morningList === 'on',
    slotMinutes: numberOrText(draft.slotMinutes ?? ''),
    locationIds: splitIds(draft.locationIds),
  };
}

/* Fees: one row per consultation type, its type as its id. */

export type FeeRow = AdminFee & { readonly _id: ConsultationType };
/** The four types in the spec's order, each with its fee (null: not offered yet). */
export function feeRows(fees: readonly AdminFee[]): FeeRow[] {
  return consultationTypes.map((type) => ({
    _id: type,
    consultationType: type,
    consultationFee: fees.find((f) => f.consultationType === type)?.consultationFee ?? null,
  }));
}
export const feesMachine = createAdminListMachine<FeeRow>({
  id: 'adminFees',
  description: 'Consultation fees: the four types, each edited and saved on its own.',
  emptyDraft: { consultationFee: '' },
  toDraft: (row) => ({ consultationFee: row.consultationFee === null ? '' : String(row.consultationFee) }),
});
export function feePayload(type: string, draft: Draft) {
  return {
    consultationType: (consultationTypes.find((t) => t === type) ?? 'Chat') satisfies ConsultationType,
    consultationFee: numberOrText(draft.consultationFee ?? ''),
  };
}

/* Site content */

/*
 * Each kind's translatable texts in Hindi and Marathi. The form keeps them under the
 * server's own field names (`translations.hi.role`), so a 400 naming one lands on its field.
 */
const translationKey = (language: TranslatedLanguage, field: string) => `translations.${language}.${field}`;

/** The draft's Hindi and Marathi texts of an entry ('' for a new one). */
export function translationsDraft(fields: readonly string[], translations?: SiteTranslations<string>): Draft {
  return Object.fromEntries(
    translatedLanguages.flatMap((language) => fields.map((field) => [translationKey(language, field), translations?.[language]?.[field] ?? ''])),
  );
}

/** The call's `translations`: every language and field as typed (the server trims; blank is "not given"). */
export function translationsPayload<Field extends string>(fields: readonly Field[], draft: Draft): SiteTranslations<Field> {
  const texts = (language: TranslatedLanguage) =>
    Object.fromEntries(fields.map((field) => [field, draft[translationKey(language, field)] ?? ''])) as Record<Field, string>;
  return { hi: texts('hi'), mr: texts('mr') };
}

/**
 * The languages in which the site shows an entry partly in English: a translatable text given in
 * English but not in that language. What the console marks for staff ("Hindi: English shown").
 */
export function languagesShowingEnglish<Field extends string>(
  item: Record<Field, string> & { readonly translations: SiteTranslations<Field> },
  fields: readonly Field[],
): TranslatedLanguage[] {
  return translatedLanguages.filter((language) =>
    fields.some((field) => item[field].trim() !== '' && (item.translations[language]?.[field] ?? '').trim() === ''),
  );
}

export const eventTexts = ['caption'] as const;
export const eventsMachine = createAdminListMachine<AdminEvent>({
  id: 'adminEvents',
  description: 'Site events: caption (and in Hindi and Marathi), image link, video link; add, edit, delete, reorder.',
  emptyDraft: { caption: '', image: '', video: '', ...translationsDraft(eventTexts) },
  toDraft: (event) => ({ caption: event.caption, image: event.image, video: event.video, ...translationsDraft(eventTexts, event.translations) }),
});
export const eventPayload = (draft: Draft) => ({
  caption: draft.caption ?? '',
  image: draft.image ?? '',
  video: draft.video ?? '',
  translations: translationsPayload(eventTexts, draft),
});

export const memberTexts = ['role', 'description'] as const;
export const teamMachine = createAdminListMachine<AdminTeamMember>({
  id: 'adminTeam',
  description: 'Team members: name, role, image, description (role and description in Hindi and Marathi too); add, edit, delete, reorder.',
  emptyDraft: { name: '', role: '', image: '', description: '', ...translationsDraft(memberTexts) },
  toDraft: (member) => ({
    name: member.name,
    role: member.role,
    image: member.image,
    description: member.description,
    ...translationsDraft(memberTexts, member.translations),
  }),
});
export const teamMemberPayload = (draft: Draft) => ({
  name: draft.name ?? '',
  role: draft.role ?? '',
  image: draft.image ?? '',
  description: draft.description ?? '',
  translations: translationsPayload(memberTexts, draft),
});

export const testimonialTexts = ['subject', 'description'] as const;
export const testimonialsMachine = createAdminListMachine<AdminTestimonial>({
  id: 'adminTestimonials',
  description: 'Testimonials: name, subject, image, description (subject and description in Hindi and Marathi too); add, edit, delete, reorder.',
  emptyDraft: { name: '', subject: '', image: '', description: '', ...translationsDraft(testimonialTexts) },
  toDraft: (item) => ({
    name: item.name,
    subject: item.subject,
    image: item.image,
    description: item.description,
    ...translationsDraft(testimonialTexts, item.translations),
  }),
});
export const testimonialPayload = (draft: Draft) => ({
  name: draft.name ?? '',
  subject: draft.subject ?? '',
  image: draft.image ?? '',
  description: draft.description ?? '',
  translations: translationsPayload(testimonialTexts, draft),
});

/* Staff accounts: the form sets a role by email. */

export type AccountRow = StaffAccount & { readonly _id: string };
export const accountRows = (accounts: readonly StaffAccount[]): AccountRow[] => accounts.map((a) => ({ ...a, _id: a.userId }));
export const accountsMachine = createAdminListMachine<AccountRow>({
  id: 'adminAccounts',
  description: 'Staff accounts: every admin, doctor and receptionist; set the role of an account by its email.',
  emptyDraft: { email: '', role: 'doctor' },
  toDraft: (account) => ({ email: account.email, role: account.role }),
});
const roles: readonly AccountRole[] = ['admin', 'doctor', 'reception', 'patient'];
export const rolePayload = (draft: Draft) => ({
  email: (draft.email ?? '').trim(),
  role: roles.find((r) => r === draft.role) ?? 'doctor',
});

/*
 * Refunds: the form resolves one with a note, or (`action` 'retry', offered when its attempt
 * through the payment provider failed, and chosen first then) asks the provider again.
 */

export const refundsMachine = createAdminListMachine<RefundItem>({
  id: 'adminRefunds',
  description: 'Refunds flagged for action: mark one refunded, with a note, or retry one the payment provider failed.',
  emptyDraft: { note: '', action: 'resolve' },
  toDraft: (r) => ({ note: '', action: r.automatic?.state === 'failed' ? 'retry' : 'resolve' }),
});
export const refundPayload = (draft: Draft) => ({ note: draft.note ?? '' });
/** What saving the refund's form does. */
export const refundAction = (draft: Draft): 'retry' | 'resolve' => (draft.action === 'retry' ? 'retry' : 'resolve');

/* Appointments overview: the list for a day, doctor and location; no form (moves and cancels have their own popups). */

export const appointmentsOverviewMachine = createAdminListMachine<AppointmentRecord>({
  id: 'adminAppointments',
  description: 'Appointments by day, doctor and location, with their payment state.',
  emptyDraft: {},
  toDraft: () => ({}),
});
