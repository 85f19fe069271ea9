/**
 * The seed file a clinic edits (server/seed/demo-clinic.json): its shape as an io-ts codec, and
 * the checks across fields that a codec cannot express. Problems come back as the contract's
 * `{field, message}` pairs, e.g. `doctors.2.email must be an email address like name@example.com`.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { FieldError } from '../../contract/errors.js';
import {
  ClinicTime,
  ConsultationType,
  consultationTypes,
  Email,
  intBetween,
  line,
  NonEmptyString,
  nonEmptyLine,
  Rupees,
} from '../../contract/primitives.js';
import { describeErrors } from '../../contract/report.js';
import { RemedyForm } from '../../contract/dispensary.js';
import { DoctorType } from '../../contract/site.js';

export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof weekdays)[number];

const Weekday = t.keyof(
  Object.fromEntries(weekdays.map((d) => [d, null])) as Record<Weekday, null>,
  'Weekday',
);

/** A media link as the site shows it: a path under the site, an http(s) link, or '' for none. */
const MediaLink = new t.Type<string, string, unknown>(
  'MediaLink',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' && (u === '' || /^\/[^/]/.test(u) || /^https?:\/\/\S+$/.test(u)) && u.length <= 2000
      ? t.success(u)
      : t.failure(u, c, 'must be a path starting with / or an https:// link'),
  (a) => a,
);

const TimeRange = t.tuple([ClinicTime, ClinicTime], 'TimeRange');

const ClinicHours = t.type(
  Object.fromEntries(weekdays.map((d) => [d, t.array(TimeRange)])) as Record<Weekday, t.ArrayC<typeof TimeRange>>,
  'ClinicHours',
);

const SeedDoctor = t.intersection(
  [
    t.type({
      name: NonEmptyString,
      email: Email,
      type: DoctorType,
      qualification: t.string,
      slotMinutes: intBetween(5, 240),
      locations: t.array(NonEmptyString),
      /** location -> the weekdays the doctor works there, during that day's clinic hours. */
      hours: t.record(t.string, t.array(Weekday)),
    }),
    t.partial({
      /** The council that registered the doctor and its number (telemedicine guidelines). */
      registration: t.type({ council: line(200), number: line(50) }),
      languages: t.array(nonEmptyLine(50)),
      photo: MediaLink,
      /** weekday -> time ranges for Chat, Video and Call consultations (no clinic). */
      onlineHours: t.partial(
        Object.fromEntries(weekdays.map((d) => [d, t.array(TimeRange)])) as Record<Weekday, t.ArrayC<typeof TimeRange>>,
      ),
    }),
  ],
  'SeedDoctor',
);

/** One remedy of the demo dispensary: stocked at every location with `stock` packs, low at `lowAt` (5 by default). */
const SeedCatalogueItem = t.intersection([
  t.type({ name: nonEmptyLine(200), form: RemedyForm, potency: line(20), pack: nonEmptyLine(50), price: Rupees, stock: intBetween(0, 1_000_000) }),
  t.partial({ lowAt: intBetween(0, 1_000_000) }),
]);

export const SeedFile = t.intersection([t.type(
  {
    city: NonEmptyString,
    locations: t.array(NonEmptyString),
    clinicHours: ClinicHours,
    fees: t.array(t.type({ consultationType: ConsultationType, consultationFee: Rupees })),
    doctors: t.array(SeedDoctor),
    events: t.array(t.type({ caption: t.string, image: MediaLink, video: MediaLink })),
    teams: t.array(t.type({ name: NonEmptyString, role: t.string, image: MediaLink, description: t.string })),
    testimonials: t.array(
      t.type({ name: NonEmptyString, subject: t.string, image: MediaLink, description: NonEmptyString }),
    ),
  },
), t.partial({
  /** The dispensary's catalogue (docs/dispensary.md); none when absent. */
  catalogue: t.array(SeedCatalogueItem),
})], 'SeedFile');
export type SeedFile = t.TypeOf<typeof SeedFile>;

/** Rules across fields: every name a doctor uses exists, nothing is given twice, hours make sense. */
function crossCheck(seed: SeedFile): FieldError[] {
  const problems: FieldError[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  if (seed.locations.length === 0) problem('locations', 'must list at least one location');
  const locations = new Set<string>();
  seed.locations.forEach((name, i) => {
    if (locations.has(name)) problem(`locations.${i}`, `"${name}" is listed twice`);
    locations.add(name);
  });

  for (const day of weekdays) {
    const ranges = [...seed.clinicHours[day]].sort((a, b) => a[0].localeCompare(b[0]));
    seed.clinicHours[day].forEach(([start, end], i) => {
      if (start >= end) problem(`clinicHours.${day}.${i}`, `must end after it starts (${start} to ${end})`);
    });
    for (let i = 1; i < ranges.length; i++) {
      if (ranges[i]![0] < ranges[i - 1]![1]) problem(`clinicHours.${day}`, 'has overlapping time ranges');
    }
  }

  const feeTypes = new Set<string>();
  seed.fees.forEach((fee, i) => {
    if (feeTypes.has(fee.consultationType)) problem(`fees.${i}.consultationType`, `"${fee.consultationType}" is listed twice`);
    feeTypes.add(fee.consultationType);
  });
  const missingFees = consultationTypes.filter((type) => !feeTypes.has(type));
  if (missingFees.length > 0) problem('fees', `must give a fee for ${missingFees.join(', ')}`);

  const emails = new Map<string, number>();
  seed.doctors.forEach((doctor, i) => {
    const at = `doctors.${i}`;
    const email = doctor.email.toLowerCase();
    const other = emails.get(email);
    if (other !== undefined) problem(`${at}.email`, `is the same as doctors.${other}.email`);
    else emails.set(email, i);

    const own = new Set<string>();
    doctor.locations.forEach((name, j) => {
      if (!locations.has(name)) problem(`${at}.locations.${j}`, `"${name}" is not one of the locations`);
      if (own.has(name)) problem(`${at}.locations.${j}`, `"${name}" is listed twice`);
      own.add(name);
    });

    const dayAt = new Map<Weekday, string>();
    for (const [name, days] of Object.entries(doctor.hours)) {
      if (!locations.has(name)) problem(`${at}.hours.${name}`, `"${name}" is not one of the locations`);
      else if (!own.has(name)) problem(`${at}.hours.${name}`, `"${name}" is not one of this doctor's locations`);
      days.forEach((day, j) => {
        const where = dayAt.get(day);
        if (where !== undefined) {
          problem(`${at}.hours.${name}.${j}`, `${day} is already given for ${where === name ? 'this location' : where}`);
        } else dayAt.set(day, name);
        if (seed.clinicHours[day].length === 0) problem(`${at}.hours.${name}.${j}`, `the clinic has no hours on ${day}`);
      });
    }

    for (const [day, ranges] of Object.entries(doctor.onlineHours ?? {})) {
      if (!(weekdays as readonly string[]).includes(day)) {
        problem(`${at}.onlineHours`, `"${day}" is not a weekday (sunday ... saturday)`);
        continue;
      }
      const sorted = [...(ranges ?? [])].sort((a, b) => a[0].localeCompare(b[0]));
      (ranges ?? []).forEach(([start, end], j) => {
        if (start >= end) problem(`${at}.onlineHours.${day}.${j}`, `must end after it starts (${start} to ${end})`);
      });
      for (let j = 1; j < sorted.length; j++) {
        if (sorted[j]![0] < sorted[j - 1]![1]) problem(`${at}.onlineHours.${day}`, 'has overlapping time ranges');
      }
    }
  });

  return [...problems, ...catalogueProblems(seed)];
}

/** One live item per name, form, potency and pack (catalogue_items_live_key). */
function catalogueProblems(seed: SeedFile): FieldError[] {
  const problems: FieldError[] = [];
  const remedies = new Map<string, number>();
  (seed.catalogue ?? []).forEach((item, i) => {
    const key = [item.name.trim().toLowerCase(), item.form, item.potency.trim().toUpperCase(), item.pack.trim().toLowerCase()].join('|');
    const other = remedies.get(key);
    if (other !== undefined) problems.push({ field: `catalogue.${i}`, message: `is the same remedy, form, potency and pack as catalogue.${other}` });
    else remedies.set(key, i);
  });
  return problems;
}

export type SeedValidation = { ok: true; seed: SeedFile } | { ok: false; problems: FieldError[] };

/** Decodes parsed JSON; the cross-field rules run only on a file of the right shape. */
export function validateSeed(json: unknown): SeedValidation {
  const decoded = SeedFile.decode(json);
  if (isLeft(decoded)) return { ok: false, problems: describeErrors(decoded.left) };
  const problems = crossCheck(decoded.right);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, seed: decoded.right };
}
