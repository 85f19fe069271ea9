// A site whose people exist before the server starts: the suites that do not test logging in
// (the Login popup has its own suite) prepare the server's embedded database in useSite's
// `prepare` hook, migrated and seeded as a start would, with Google-registered accounts that each
// have a login token, and the first admin made with the command line's own function (what
// `npm run clinic -- create-admin <email>` runs). A browser context then starts signed in with a
// stored token, as a login leaves it.
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { runClinicCommand } from '../../../server/cli';
import { pgliteDir } from '../../../server/db/open';
import { openPGliteDir } from '../../../server/db/pglite';
import { createServices } from '../../../server/services/index';
import { prepareDatabase } from '../../../server/startup';
import { newContext, ROOT, type Viewport, type WorkerChoice } from '../harness';

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

export interface Account extends Person {
  /** A login token of the account, as the server issued it. */
  token: string;
}

/**
 * The people of a site, made by `prepare` (give it to useSite's options): each registered with
 * Google (age 38, female, phone 9822012345) and given a login token; `admin`, one of them, is
 * then made an admin with the command line's create-admin.
 */
export function preparedPeople(people: readonly Person[], { admin }: { admin: string }) {
  if (!people.some((p) => p.email === admin)) throw new Error(`the admin ${admin} is not among the people`);
  const accounts = new Map<string, Account>();

  async function prepare(dataDir: string): Promise<void> {
    // Before the server opens the database: PGlite lets one process in at a time.
    const db = await openPGliteDir(pgliteDir(dataDir));
    try {
      await prepareDatabase(db, { seedFile: join(ROOT, 'server/seed/demo-clinic.json') });
      const sessions = createServices(db).sessions;
      for (const { email, firstName, lastName } of people) {
        const { rows } = await db.query<{ id: string }>(
          `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
           values ($1, $2, $3, 38, 'female', '9822012345', 'google') returning id`,
          [email, firstName, lastName],
        );
        const { token } = await sessions.issue(rows[0]!.id);
        accounts.set(email, { email, firstName, lastName, token });
      }
    } finally {
      await db.close();
    }
    const said: string[] = [];
    const status = await runClinicCommand(['create-admin', admin], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) });
    if (status !== 0) throw new Error(`create-admin failed: ${said.join('\n')}`);
  }

  return {
    prepare,
    /** The account of a prepared person (once the site has started). */
    account(email: string): Account {
      const account = accounts.get(email);
      if (!account) throw new Error(`no prepared account ${email}: not among the people, or the site has not started`);
      return account;
    },
  };
}

/** A new browser context that starts signed in: its local storage holds the token. */
export async function signedInContext(browser: Browser, viewport: Viewport, token: string, workers: WorkerChoice = {}): Promise<BrowserContext> {
  const context = await newContext(browser, viewport, workers);
  // As a login leaves it (spec §3: local storage, key token); the session restores it at start.
  await context.addInitScript((stored) => {
    if (localStorage.getItem('token') === null) localStorage.setItem('token', stored);
  }, token);
  return context;
}
