/** The seed file a clinic edits: every mistake is named by its field, and the server refuses to start on one. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../server/paths.js';
import { validateSeed } from '../../server/seed/codec.js';
import { readSeedFile } from '../../server/seed/seed.js';
import { demoSeed, seedFile, seedFileWith } from './helpers.js';

function problemsAfter(change: (seed: Record<string, any>) => void) {
  const seed = structuredClone(demoSeed) as Record<string, any>;
  change(seed);
  const result = validateSeed(seed);
  return result.ok ? [] : result.problems;
}

describe('seed file validation', () => {
  it('accepts the demo clinic', () => {
    expect(validateSeed(demoSeed)).toMatchObject({ ok: true });
    expect(readSeedFile(seedFile).seed.doctors).toHaveLength(6);
    expect(readSeedFile(seedFile).seed.catalogue?.length).toBeGreaterThanOrEqual(10);
  });

  it.each<[string, (seed: Record<string, any>) => void, { field: string; message: string | RegExp }]>([
    ['a bad doctor email', (s) => (s.doctors[2].email = 'sneha.joshi'), { field: 'doctors.2.email', message: 'must be an email address like name@example.com' }],
    ['a missing field', (s) => delete s.doctors[0].name, { field: 'doctors.0.name', message: 'is required' }],
    ['an unknown doctor type', (s) => (s.doctors[1].type = 'remote'), { field: 'doctors.1.type', message: 'must be one of: online, clinic' }],
    ['a bad time', (s) => (s.clinicHours.monday[0][1] = '1pm'), { field: 'clinicHours.monday.0.1', message: 'must be a time written HH:mm (24-hour)' }],
    ['a range ending before it starts', (s) => (s.clinicHours.sunday[0] = ['20:00', '17:00']), { field: 'clinicHours.sunday.0', message: 'must end after it starts (20:00 to 17:00)' }],
    ['overlapping ranges', (s) => (s.clinicHours.monday[1][0] = '12:00'), { field: 'clinicHours.monday', message: 'has overlapping time ranges' }],
    ['a missing weekday', (s) => delete s.clinicHours.friday, { field: 'clinicHours.friday', message: 'is required' }],
    ['an unknown weekday', (s) => (s.doctors[0].hours.Kothrud[0] = 'mon'), { field: 'doctors.0.hours.Kothrud.0', message: /^must be one of: sunday, monday/ }],
    ['a negative fee', (s) => (s.fees[0].consultationFee = -5), { field: 'fees.0.consultationFee', message: /^must be an amount in rupees/ }],
    ['a missing fee', (s) => s.fees.pop(), { field: 'fees', message: 'must give a fee for Clinic Visit' }],
    ['a fee given twice', (s) => (s.fees[1].consultationType = 'Chat'), { field: 'fees.1.consultationType', message: '"Chat" is listed twice' }],
    ['a location listed twice', (s) => s.locations.push('Aundh'), { field: 'locations.4', message: '"Aundh" is listed twice' }],
    ['a doctor at an unknown location', (s) => (s.doctors[3].locations[1] = 'Baner'), { field: 'doctors.3.locations.1', message: '"Baner" is not one of the locations' }],
    ['hours at an unknown location', (s) => (s.doctors[4].hours.Baner = ['friday']), { field: 'doctors.4.hours.Baner', message: '"Baner" is not one of the locations' }],
    ["hours at a location that is not the doctor's", (s) => (s.doctors[0].hours.Hadapsar = ['friday']), { field: 'doctors.0.hours.Hadapsar', message: '"Hadapsar" is not one of this doctor\'s locations' }],
    ['one day at two locations', (s) => s.doctors[0].hours.Aundh.push('monday'), { field: 'doctors.0.hours.Aundh.3', message: 'monday is already given for Kothrud' }],
    ['a day the clinic is closed', (s) => s.doctors[5].hours.Kothrud.push('friday'), { field: 'doctors.5.hours.Kothrud.3', message: 'the clinic has no hours on friday' }],
    ['the same email twice, in other case', (s) => (s.doctors[5].email = 'Meera.Kulkarni@sahaj-clinic.example'), { field: 'doctors.5.email', message: 'is the same as doctors.0.email' }],
    ['a slot length out of range', (s) => (s.doctors[0].slotMinutes = 2), { field: 'doctors.0.slotMinutes', message: 'must be a whole number from 5 to 240' }],
    ['a media link that is neither a path nor a URL', (s) => (s.teams[1].image = 'team/arjun.svg'), { field: 'teams.1.image', message: 'must be a path starting with / or an https:// link' }],
    ['online hours ending before they start', (s) => (s.doctors[4].onlineHours.monday[0] = ['13:00', '10:00']), { field: 'doctors.4.onlineHours.monday.0', message: 'must end after it starts (13:00 to 10:00)' }],
    ['overlapping online hours', (s) => (s.doctors[5].onlineHours.sunday = [['09:00', '12:00'], ['11:00', '13:00']]), { field: 'doctors.5.onlineHours.sunday', message: 'has overlapping time ranges' }],
    ['an online weekday that is not one', (s) => (s.doctors[4].onlineHours.someday = [['10:00', '11:00']]), { field: 'doctors.4.onlineHours', message: /someday/ }],
    ['an empty language', (s) => (s.doctors[0].languages = ['English', ' ']), { field: 'doctors.0.languages.1', message: 'is required' }],
    ['a remedy listed twice', (s) => s.catalogue.push({ ...s.catalogue[0], name: 'arnica montana ' }), { field: 'catalogue.16', message: 'is the same remedy, form, potency and pack as catalogue.0' }],
    ['a remedy in a form there is none of', (s) => (s.catalogue[1].form = 'syrup'), { field: 'catalogue.1.form', message: /^must be one of: pills, globules/ }],
    ['an empty testimonial', (s) => (s.testimonials[0].description = '  '), { field: 'testimonials.0.description', message: 'is required' }],
  ])('names the field for %s', (_what, change, expected) => {
    const message = typeof expected.message === 'string' ? expected.message : expect.stringMatching(expected.message);
    expect(problemsAfter(change)).toContainEqual({ field: expected.field, message });
  });

  it('lists every problem, not only the first', () => {
    const problems = problemsAfter((s) => {
      s.doctors[0].email = 'x';
      s.doctors[1].email = 'y';
    });
    expect(problems.map((p) => p.field)).toEqual(['doctors.0.email', 'doctors.1.email']);
  });

  it('explains a file that cannot be read or is not JSON', () => {
    expect(() => readSeedFile('/no/such/seed.json')).toThrow(/^Cannot read the seed file \/no\/such\/seed.json \(SEED_FILE\): ENOENT/);
    const notJson = seedFileWith('{ "city": "Pune", }');
    expect(() => readSeedFile(notJson)).toThrow(new RegExp(`^The seed file ${notJson} is not valid JSON: `));
  });

  it('puts each problem on its own line, field first', () => {
    const file = seedFileWith((s) => {
      s.doctors[3].locations[1] = 'Baner';
      s.fees.pop();
    });
    expect(() => readSeedFile(file)).toThrowError(
      expect.objectContaining({ name: 'SeedError', message: [
        `The seed file ${file} is not valid; fix it and start again:`,
        '  fees must give a fee for Clinic Visit',
        '  doctors.3.locations.1 "Baner" is not one of the locations',
        `  doctors.3.hours.Hadapsar "Hadapsar" is not one of this doctor's locations`,
      ].join('\n') }),
    );
  });
});

describe('the server process', () => {
  const run = promisify(execFile);
  const tsx = path.join(packageRoot, 'node_modules', '.bin', 'tsx');

  async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
    try {
      // The embedded database in a temp dir, whatever the developer's shell has in DATABASE_URL.
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      await run(tsx, ['server/main.ts'], { cwd: packageRoot, env: { ...inherited, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 });
      return { code: 0, stderr: '' };
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
  }

  it('refuses to start on a broken seed file, naming the field, and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-data-'));
    try {
      const broken = seedFileWith((s) => (s.doctors[2].email = 'sneha.joshi'));
      const result = await start({ DATA_DIR: dataDir, SEED_FILE: broken, PORT: '39871' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Cannot start the clinic portal.');
      expect(result.stderr).toContain('doctors.2.email must be an email address like name@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // a process that migrates an empty PGlite first: 26 s measured at load 8 on 2 cores

  it('refuses to start on bad configuration, naming the variables', async () => {
    const result = await start({ PORT: 'eighty', LOG_LEVEL: 'chatty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number from 1 to 65535 (got "eighty")');
    expect(result.stderr).toContain('LOG_LEVEL must be one of');
  });
});
