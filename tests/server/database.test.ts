/** Migrations, schema constraints, seeding and restarts, on every backend. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from '../../server/db/open.js';
import { DirLockedError } from '../../server/db/dir-lock.js';
import { loadMigrations, migrate, MigrationError } from '../../server/db/migrate.js';
import { sqlState, violatedConstraint, type Database } from '../../server/db/database.js';
import { prepareDatabase } from '../../server/startup.js';
import { weekdays } from '../../server/seed/codec.js';
import { backends, demoSeed, seedFile, seedFileWith, useTestDatabases } from './helpers.js';

async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() order by table_name",
  );
  return rows.map((r) => r.table_name);
}

async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** Runs a statement that must break a constraint; returns the SQLSTATE and the constraint's name. */
async function violation(db: Database, sql: string, params: unknown[] = []): Promise<{ code?: string; constraint?: string }> {
  try {
    await db.query(sql, params);
  } catch (error) {
    return { code: sqlState(error), constraint: violatedConstraint(error) };
  }
  throw new Error(`expected a constraint violation from: ${sql}`);
}

describe.each(backends)('database on %s', (backend) => {
  const t = useTestDatabases(backend);

  describe('migrations', () => {
    it('create every table on an empty database and record themselves', async () => {
      const db = await t.empty();
      expect(await tableNames(db)).toEqual([]);
      const result = await migrate(db);
      expect(result).toEqual({ applied: loadMigrations().map((m) => m.name), unknown: [] });
      expect(await tableNames(db)).toEqual([
        'abha_profiles',
        'appointment_fees',
        'appointments',
        'audit_log',
        'catalogue_items',
        'chat_messages',
        'chat_photos',
        'chat_reads',
        'clinic_policy',
        'consultation_events',
        'consultation_rooms',
        'doctor_hours',
        'doctor_leave',
        'doctor_locations',
        'doctor_online_hours',
        'doctor_signatures',
        'doctors',
        'email_codes',
        'email_proofs',
        'family_members',
        'follow_up_visits',
        'follow_ups',
        'google_handoff_codes',
        'google_login_attempts',
        'insights_first_visits',
        'insights_lead',
        'insights_money',
        'insights_seen_days',
        'insights_visits',
        'job_mails',
        'locations',
        'meta',
        'order_items',
        'orders',
        'payments',
        'phone_codes',
        'prescription_codes',
        'prescription_versions',
        'provider_refunds',
        'push_subscriptions',
        'queue_counters',
        'queue_displays',
        'queue_entries',
        'queue_texts',
        'rate_limits',
        'receipts',
        'refund_resolutions',
        'reminder_sends',
        'reminder_texts',
        'sandbox_checkouts',
        'schema_migrations',
        'sessions',
        'site_events',
        'stock_levels',
        'stock_movements',
        'team_members',
        'testimonials',
        'users',
        'video_calls',
        'video_signals',
        'waitlist_entries',
        'waitlist_messages',
        'waitlist_offers',
        'waitlist_slots',
      ]);
    });

    it('are a no-op the second time', async () => {
      const db = await t.seeded();
      const tables = await tableNames(db);
      const recorded = await db.query('select name, checksum, applied_at from schema_migrations order by name');
      expect(await migrate(db)).toEqual({ applied: [], unknown: [] });
      expect(await tableNames(db)).toEqual(tables);
      expect((await db.query('select name, checksum, applied_at from schema_migrations order by name')).rows).toEqual(
        recorded.rows,
      );
      expect(await count(db, 'doctors')).toBe(demoSeed.doctors.length);
    });

    it('run once when several instances start at the same time', async () => {
      if (backend === 'pglite') {
        // One process owns an embedded database; concurrent calls within it must still be safe.
        const db = await t.empty();
        const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
        expect(results.flatMap((r) => r.applied)).toEqual(loadMigrations().map((m) => m.name));
        expect(await count(db, 'schema_migrations')).toBe(loadMigrations().length);
        return;
      }
      // Three servers starting together on one empty PostgreSQL database.
      const storage = await t.emptyStorage();
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase(storage)));
      try {
        const results = await Promise.all(instances.map((db) => prepareDatabase(db, { seedFile })));
        // Each migration ran once, by whichever instance got to it first (they take turns under
        // the lock, so one may apply 004 while another applies the rest), and in file order.
        const names = loadMigrations().map((m) => m.name);
        expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
        for (const r of results) expect(r.applied).toEqual([...r.applied].sort());
        const { rows } = await instances[0]!.query<{ name: string }>('select name from schema_migrations order by applied_at, name');
        expect(rows.map((r) => r.name)).toEqual(names);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        expect(await count(instances[0]!, 'schema_migrations')).toBe(loadMigrations().length);
        expect(await count(instances[0]!, 'doctors')).toBe(demoSeed.doctors.length);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
      }
    });

    it('refuse to start when an applied migration file was changed', async () => {
      const db = await t.seeded();
      const [first, ...rest] = loadMigrations();
      const edited = { ...first!, sql: `${first!.sql}\n-- edited`, checksum: 'changed' };
      await expect(migrate(db, [edited, ...rest])).rejects.toThrow(
        new MigrationError(
          `Migration ${first!.name} was changed after it was applied to this database. Restore the original file and put the change in a new migration.`,
        ),
      );
    });

    it('roll back a migration that fails half way, and name it', async () => {
      const db = await t.seeded();
      const broken = { name: '999_broken.sql', sql: 'create table half_done (a int);\nselect * from no_such_table;', checksum: 'x' };
      await expect(migrate(db, [...loadMigrations(), broken])).rejects.toThrow(/^Migration 999_broken.sql failed: .*no_such_table/);
      expect(await tableNames(db)).not.toContain('half_done');
      expect((await db.query("select 1 from schema_migrations where name = '999_broken.sql'")).rowCount).toBe(0);
    });

    it('report migrations the database has but this version does not', async () => {
      const db = await t.seeded();
      await db.query("insert into schema_migrations (name, checksum) values ('900_from_the_future.sql', 'x')");
      expect(await migrate(db)).toEqual({ applied: [], unknown: ['900_from_the_future.sql'] });
    });
  });

  describe('the seeded demo clinic', () => {
    it('holds every row of the seed file', async () => {
      const db = await t.seeded();
      expect(await count(db, 'locations')).toBe(demoSeed.locations.length);
      expect(await count(db, 'doctors')).toBe(demoSeed.doctors.length);
      expect(await count(db, 'doctor_locations')).toBe(demoSeed.doctors.flatMap((d) => d.locations).length);
      expect(await count(db, 'appointment_fees')).toBe(4);
      expect(await count(db, 'site_events')).toBe(demoSeed.events.length);
      expect(await count(db, 'team_members')).toBe(demoSeed.teams.length);
      expect(await count(db, 'testimonials')).toBe(demoSeed.testimonials.length);
      const meta = await db.query<{ key: string; value: unknown }>('select key, value from meta order by key');
      expect(meta.rows.map((r) => r.key)).toEqual(['city', 'seed']);
      expect(meta.rows[0]!.value).toBe('Pune');
    });

    it("keeps each doctor's registration, languages and online hours (weekday 0 = Sunday)", async () => {
      const db = await t.seeded();
      const expected = demoSeed.doctors.flatMap((d) => Object.values(d.onlineHours ?? {}).flat()).length;
      expect(expected).toBeGreaterThan(0);
      expect(await count(db, 'doctor_online_hours')).toBe(expected);
      const { rows } = await db.query<{
        registration_council: string;
        registration_number: string;
        languages: string[];
        weekday: number;
        start_time: string;
      }>(
        `select d.registration_council, d.registration_number, d.languages, h.weekday, h.start_time::text as start_time
           from doctors d join doctor_online_hours h on h.doctor_id = d.id
          where d.email = 'kavita.iyer@sahaj-clinic.example'
          order by h.weekday, h.start_time limit 1`,
      );
      expect(rows[0]).toEqual({
        registration_council: 'Maharashtra Council of Homoeopathy',
        registration_number: 'MH-HOM-57126',
        languages: ['English', 'हिन्दी'],
        weekday: 1,
        start_time: '10:00:00',
      });
    });

    it("turns each doctor's working days into that day's clinic hours, weekday 0 = Sunday", async () => {
      const db = await t.seeded();
      const expected = demoSeed.doctors.flatMap((d) =>
        Object.values(d.hours).flatMap((days) => days.flatMap((day) => demoSeed.clinicHours[day])),
      ).length;
      expect(await count(db, 'doctor_hours')).toBe(expected);

      const { rows } = await db.query<{ location: string; weekday: number; start_time: string; end_time: string }>(
        `select l.name as location, h.weekday, h.start_time::text as start_time, h.end_time::text as end_time
           from doctor_hours h join doctors d on d.id = h.doctor_id join locations l on l.id = h.location_id
          where d.email = 'meera.kulkarni@sahaj-clinic.example'
          order by h.weekday, h.start_time`,
      );
      expect(rows.filter((r) => r.weekday === weekdays.indexOf('monday'))).toEqual([
        { location: 'Kothrud', weekday: 1, start_time: '09:00:00', end_time: '13:00:00' },
        { location: 'Kothrud', weekday: 1, start_time: '15:00:00', end_time: '19:00:00' },
      ]);
      expect(rows.filter((r) => r.weekday === 0)).toEqual([
        { location: 'Aundh', weekday: 0, start_time: '17:00:00', end_time: '20:00:00' },
      ]);
      expect(rows.some((r) => r.weekday === weekdays.indexOf('friday'))).toBe(false);
    });
  });

  describe('schema constraints', () => {
    it('keep doctor emails lower case and unique', async () => {
      const db = await t.seeded();
      const insert = "insert into doctors (name, email, type, slot_minutes) values ('Dr. X', $1, 'clinic', 15)";
      expect(await violation(db, insert, ['Dr.X@Clinic.example'])).toEqual({ code: '23514', constraint: 'doctors_email_check' });
      expect(await violation(db, insert, ['meera.kulkarni@sahaj-clinic.example'])).toEqual({
        code: '23505',
        constraint: 'doctors_email_key',
      });
      expect(await violation(db, insert, ['no-at-sign'])).toMatchObject({ constraint: 'doctors_email_check' });
    });

    it('allow only known doctor types, sensible slot lengths and unique location names', async () => {
      const db = await t.seeded();
      expect(
        await violation(db, "insert into doctors (name, email, type, slot_minutes) values ('X', 'x@c.example', 'remote', 15)"),
      ).toMatchObject({ constraint: 'doctors_type_check' });
      expect(
        await violation(db, "insert into doctors (name, email, type, slot_minutes) values ('X', 'x@c.example', 'online', 0)"),
      ).toMatchObject({ constraint: 'doctors_slot_minutes_check' });
      expect(await violation(db, "insert into locations (name) values ('Kothrud')")).toMatchObject({
        code: '23505',
        constraint: 'locations_name_key',
      });
      expect(await violation(db, "insert into locations (name) values ('  ')")).toMatchObject({ constraint: 'locations_name_check' });
    });

    it("keep a doctor's hours to the doctor's own locations, in order, on real weekdays", async () => {
      const db = await t.seeded();
      const ids = async (email: string, location: string) => {
        const { rows } = await db.query<{ d: string; l: string }>(
          'select d.id as d, l.id as l from doctors d, locations l where d.email = $1 and l.name = $2',
          [email, location],
        );
        return [rows[0]!.d, rows[0]!.l];
      };
      const insert = 'insert into doctor_hours (doctor_id, location_id, weekday, start_time, end_time) values ($1, $2, $3, $4, $5)';
      // Meera works at Kothrud and Aundh, not Hadapsar.
      const [meera, hadapsar] = await ids('meera.kulkarni@sahaj-clinic.example', 'Hadapsar');
      expect(await violation(db, insert, [meera, hadapsar, 5, '09:00', '10:00'])).toMatchObject({
        code: '23503',
        constraint: 'doctor_hours_doctor_location_fkey',
      });
      const [, kothrud] = await ids('meera.kulkarni@sahaj-clinic.example', 'Kothrud');
      expect(await violation(db, insert, [meera, kothrud, 7, '09:00', '10:00'])).toMatchObject({ constraint: 'doctor_hours_weekday_check' });
      expect(await violation(db, insert, [meera, kothrud, 5, '10:00', '09:00'])).toMatchObject({ constraint: 'doctor_hours_range_check' });
    });

    it('refuse a second fee for a type, an unknown type and a negative fee', async () => {
      const db = await t.seeded();
      expect(await violation(db, "insert into appointment_fees (consultation_type, fee) values ('Chat', 1)")).toMatchObject({
        code: '23505',
      });
      expect(await violation(db, "insert into appointment_fees (consultation_type, fee) values ('Home Visit', 1)")).toMatchObject({
        constraint: 'appointment_fees_type_check',
      });
      expect(await violation(db, "update appointment_fees set fee = -1 where consultation_type = 'Chat'")).toMatchObject({
        constraint: 'appointment_fees_fee_check',
      });
    });

    it('refuse to delete a location a doctor works at', async () => {
      const db = await t.seeded();
      const { code, constraint } = await violation(db, "delete from locations where name = 'Aundh'");
      // PostgreSQL 18 (PGlite) reports ON DELETE RESTRICT as restrict_violation, older ones as foreign_key_violation.
      expect(['23001', '23503']).toContain(code);
      expect(constraint).toBe('doctor_locations_location_id_fkey');
    });

    it('give new rows UUID ids', async () => {
      const db = await t.seeded();
      const { rows } = await db.query<{ id: string }>("insert into locations (name) values ('Baner') returning id");
      expect(rows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });
  });

  describe('transactions', () => {
    it('commit when the function resolves and roll back when it throws', async () => {
      const db = await t.seeded();
      await db.transaction((tx) => tx.query("insert into locations (name) values ('Baner')"));
      await expect(
        db.transaction(async (tx) => {
          await tx.query("insert into locations (name) values ('Wakad')");
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const names = (await db.query<{ name: string }>('select name from locations')).rows.map((r) => r.name);
      expect(names).toContain('Baner');
      expect(names).not.toContain('Wakad');
    });
  });

  describe('restart', () => {
    it('keeps every change and never seeds again', async () => {
      const storage = await t.emptyStorage();
      const first = await openDatabase(storage);
      try {
        expect(await prepareDatabase(first, { seedFile })).toMatchObject({ seeded: true });
        await first.query("update doctors set qualification = 'BHMS (changed by the clinic)' where email = 'meera.kulkarni@sahaj-clinic.example'");
        await first.query("delete from testimonials where name = 'Priya S.'");
      } finally {
        await first.close();
      }

      const second = await openDatabase(storage);
      try {
        expect(await prepareDatabase(second, { seedFile: '/no/such/seed.json' })).toEqual({ applied: [], seeded: false });
        const { rows } = await second.query<{ qualification: string }>(
          "select qualification from doctors where email = 'meera.kulkarni@sahaj-clinic.example'",
        );
        expect(rows).toEqual([{ qualification: 'BHMS (changed by the clinic)' }]);
        expect(await count(second, 'testimonials')).toBe(demoSeed.testimonials.length - 1);
        expect(await count(second, 'doctors')).toBe(demoSeed.doctors.length);
      } finally {
        await second.close();
      }
    });

    it('refuses a broken seed file on an empty database and writes no clinic data', async () => {
      const db = await t.empty();
      const broken = seedFileWith((seed) => {
        seed.doctors[2].email = 'sneha.joshi-at-clinic';
      });
      await expect(prepareDatabase(db, { seedFile: broken })).rejects.toThrow(
        /doctors\.2\.email must be an email address/,
      );
      expect(await count(db, 'locations')).toBe(0);
      expect(await count(db, 'doctors')).toBe(0);
      expect((await db.query("select 1 from meta where key = 'seed'")).rowCount).toBe(0);
    });

    if (backend === 'pglite') {
      it('lets only one server open an embedded database at a time', async () => {
        const storage = await t.emptyStorage();
        const db = await openDatabase(storage);
        try {
          await expect(openDatabase(storage)).rejects.toThrow(DirLockedError);
          await expect(openDatabase(storage)).rejects.toThrow(`${pgliteDir(storage.dataDir)} is in use by another server`);
        } finally {
          await db.close();
        }
        // Closed: the next server may open it.
        const again = await openDatabase(storage);
        await again.close();
      });

      it('takes over the lock of a server that died without releasing it', async () => {
        const storage = await t.emptyStorage();
        mkdirSync(storage.dataDir, { recursive: true });
        const dead = spawnSync(process.execPath, ['-e', '']).pid; // a pid that has certainly exited
        writeFileSync(`${pgliteDir(storage.dataDir)}.lock`, `${dead}\n`);
        const db = await openDatabase(storage);
        expect(readFileSync(`${pgliteDir(storage.dataDir)}.lock`, 'utf8')).toBe(`${process.pid}\n`);
        await db.close();
        expect(existsSync(`${pgliteDir(storage.dataDir)}.lock`)).toBe(false);
      });
    }
  });
});
