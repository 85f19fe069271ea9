/**
 * Fills an empty database from the seed file, once. The file is read only when the database has
 * never been seeded, so a restart keeps whatever the clinic changed since.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FieldError } from '../../contract/errors.js';
import type { Database, Queryable } from '../db/database.js';
import { type SeedFile, validateSeed, weekdays } from './codec.js';

export class SeedError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly FieldError[],
    summary?: string,
  ) {
    super(
      summary ??
        `The seed file ${file} is not valid; fix it and start again:\n${problems
          .map((p) => `  ${p.field} ${p.message}`)
          .join('\n')}`,
    );
    this.name = 'SeedError';
  }
}

export interface LoadedSeed {
  file: string;
  sha256: string;
  seed: SeedFile;
}

/** Reads, parses and validates the seed file; throws SeedError naming every problem. */
export function readSeedFile(file: string): LoadedSeed {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError(file, [], `Cannot read the seed file ${file} (SEED_FILE): ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(file, [], `The seed file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = validateSeed(json);
  if (!result.ok) throw new SeedError(file, result.problems);
  return { file, sha256: createHash('sha256').update(text).digest('hex'), seed: result.seed };
}

export async function isSeeded(db: Queryable): Promise<boolean> {
  const marker = await db.query("select 1 from meta where key = 'seed'");
  return marker.rowCount > 0;
}

// Shared with nothing else: a second instance starting on an empty PostgreSQL waits here, then skips.
const seedLockKey = 424_242_002;

/**
 * Seeds the database if it never was. `load` runs only then (the file may be broken on a
 * database that no longer needs it). Returns whether this call seeded.
 */
export async function seedIfEmpty(db: Database, load: () => LoadedSeed): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const loaded = load();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [seedLockKey]);
    if (await isSeeded(tx)) return false;
    await insertSeed(tx, loaded.seed);
    await tx.query(
      "insert into meta (key, value) values ('seed', $1), ('city', $2)",
      [
        JSON.stringify({ file: loaded.file, sha256: loaded.sha256, seededAt: new Date().toISOString() }),
        JSON.stringify(loaded.seed.city),
      ],
    );
    return true;
  });
}

async function insertSeed(tx: Queryable, seed: SeedFile): Promise<void> {
  const locationIds = new Map<string, string>();
  for (const [i, name] of seed.locations.entries()) {
    const { rows } = await tx.query<{ id: string }>(
      'insert into locations (name, display_order) values ($1, $2) returning id',
      [name, i],
    );
    locationIds.set(name, rows[0]!.id);
  }

  for (const fee of seed.fees) {
    await tx.query('insert into appointment_fees (consultation_type, fee) values ($1, $2)', [
      fee.consultationType,
      fee.consultationFee,
    ]);
  }

  for (const [i, doctor] of seed.doctors.entries()) await insertDoctor(tx, doctor, i, locationIds, seed.clinicHours);
  await insertSiteContent(tx, seed);
  await insertCatalogue(tx, seed, [...locationIds.values()]);
}

/** The demo dispensary: each remedy of the seed, stocked at every location, each stocking a received movement. */
async function insertCatalogue(tx: Queryable, seed: SeedFile, locationIds: readonly string[]): Promise<void> {
  for (const item of seed.catalogue ?? []) {
    const { rows } = await tx.query<{ id: string }>(
      'insert into catalogue_items (name, form, potency, pack, price) values ($1, $2, $3, $4, $5) returning id',
      [item.name.trim(), item.form, item.potency.trim().toUpperCase(), item.pack.trim(), item.price],
    );
    for (const locationId of locationIds) {
      await tx.query('insert into stock_levels (item_id, location_id, quantity, low_at) values ($1, $2, $3, $4)', [rows[0]!.id, locationId, item.stock, item.lowAt ?? 5]);
      if (item.stock > 0) {
        await tx.query(
          `insert into stock_movements (item_id, location_id, kind, change, note, at) values ($1, $2, 'received', $3, 'Opening stock (seed)', now())`,
          [rows[0]!.id, locationId, item.stock],
        );
      }
    }
  }
}

/** One doctor of the seed, with their online hours, locations and clinic hours at each. */
async function insertDoctor(
  tx: Queryable,
  doctor: SeedFile['doctors'][number],
  i: number,
  locationIds: ReadonlyMap<string, string>,
  clinicHours: SeedFile['clinicHours'],
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into doctors (name, email, type, qualification, slot_minutes, display_order,
                          registration_council, registration_number, languages, photo)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      doctor.name,
      doctor.email.toLowerCase(),
      doctor.type,
      doctor.qualification,
      doctor.slotMinutes,
      i,
      doctor.registration?.council ?? '',
      doctor.registration?.number ?? '',
      doctor.languages ?? [],
      doctor.photo ?? '',
    ],
  );
  const doctorId = rows[0]!.id;
  for (const [day, ranges] of Object.entries(doctor.onlineHours ?? {})) {
    for (const [start, end] of ranges ?? []) {
      await tx.query(
        'insert into doctor_online_hours (doctor_id, weekday, start_time, end_time) values ($1, $2, $3, $4)',
        [doctorId, weekdays.indexOf(day as (typeof weekdays)[number]), start, end],
      );
    }
  }
  for (const name of doctor.locations) {
    await tx.query('insert into doctor_locations (doctor_id, location_id) values ($1, $2)', [
      doctorId,
      locationIds.get(name),
    ]);
  }
  // Each working day becomes that day's clinic hours at that location.
  for (const [name, days] of Object.entries(doctor.hours)) {
    for (const day of days) {
      for (const [start, end] of clinicHours[day]) {
        await tx.query(
          `insert into doctor_hours (doctor_id, location_id, weekday, start_time, end_time)
           values ($1, $2, $3, $4, $5)`,
          [doctorId, locationIds.get(name), weekdays.indexOf(day), start, end],
        );
      }
    }
  }
}

/** The site's events, team and testimonials, in the seed's order. */
async function insertSiteContent(tx: Queryable, seed: SeedFile): Promise<void> {
  for (const [i, e] of seed.events.entries()) {
    await tx.query('insert into site_events (caption, image, video, display_order) values ($1, $2, $3, $4)', [
      e.caption,
      e.image,
      e.video,
      i,
    ]);
  }
  for (const [i, m] of seed.teams.entries()) {
    await tx.query(
      'insert into team_members (name, role, image, description, display_order) values ($1, $2, $3, $4, $5)',
      [m.name, m.role, m.image, m.description, i],
    );
  }
  for (const [i, r] of seed.testimonials.entries()) {
    await tx.query(
      'insert into testimonials (name, subject, image, description, display_order) values ($1, $2, $3, $4, $5)',
      [r.name, r.subject, r.image, r.description, i],
    );
  }
}
