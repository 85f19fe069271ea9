/**
 * Accounts: registration, login, password reset, and the account of a Google sign-in.
 *
 * - Registration and reset need an address proven by an emailed code in the last 30 minutes
 *   (otp.ts); each uses the proof up. The client's word that it validated a code counts for
 *   nothing.
 * - Passwords follow NIST SP 800-63B (security/passwordPolicy.ts: long enough, not guessable from
 *   common passwords, patterns, or the person's and the site's own words) and are hashed with scrypt
 *   (security/passwords.ts). The hashing runs before any transaction opens.
 * - Login answers one message for a wrong email and a wrong password, and does the same scrypt
 *   work for an unknown email. Failed logins are throttled per (account, client) pair and per
 *   client, never per account alone, so a stranger cannot lock a patient out: see `login`.
 */
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import type { ForgotPasswordRequest, LanguageSetting, LoginAnswer, LoginRequest, MessageAnswer, RegisterRequest, User } from '../../contract/auth.js';
import { type Database, type Queryable, violatedConstraint } from '../db/database.js';
import { insertAudit, patientActor } from '../repositories/staff.js';
import * as rateLimits from '../repositories/rateLimits.js';
import { consumeProof, hasProof } from '../repositories/otp.js';
import * as users from '../repositories/users.js';
import { type PasswordOwner, passwordProblem } from '../security/passwordPolicy.js';
import type { PasswordHasher } from '../security/passwords.js';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from './errors.js';
import { defineMessages, minutesOf, withParams } from './messageCodes.js';
import { type AccountLimits, minutesUntil, secondsUntil } from './limits.js';
import type { SessionService } from './sessions.js';

/** The field of a missing email proof: the code (otp) is what the person has to validate. */
const unprovenEmail = [{ field: 'otp', message: 'must be validated for this email first' }] as const;

export const accountMessages = defineMessages('account', {
  registerUnproven: 'Please validate your email OTP before registering.',
  resetUnproven: 'Please validate your email OTP before resetting your password.',
  emailTaken: 'An account with this email already exists. Please log in, or reset your password if you forgot it.',
  noAccount: 'There is no account with this email. Please register first.',
  badCredentials: 'Invalid email or password.',
  passwordReset: 'Password reset successfully.',
  tooManyFailuresForAccount: withParams(
    (wait: string) => `Too many failed logins for this account from your device. Please try again in ${wait}, or reset your password.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
  tooManyFailuresForClient: withParams(
    (wait: string) => `Too many failed logins from your network. Please try again in ${wait}.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
} as const);

export interface AccountServiceDeps {
  db: Database;
  now: () => Date;
  passwords: PasswordHasher;
  sessions: SessionService;
  limits: AccountLimits;
  /** PUBLIC_URL: its host name counts as the site's own words, which no password may lean on. */
  publicUrl: string;
  /** Which reminder text channels this server has set up (SMS_PROVIDER, WHATSAPP_*). */
  textChannels?: { sms: boolean; whatsapp: boolean };
}

/** What Google sign-in knows of a person: an email the provider verified, and names. */
export interface IdentityProfile {
  email: string;
  firstName: string;
  lastName: string;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const name = (value: string) => [...value.normalize('NFC').replace(/\s+/g, ' ').trim()].slice(0, 200).join('').trim();
/** Stored without spaces and dashes: "+91 98765-43210" as "+919876543210". */
const phone = (value: string) => value.replace(/[\s-]/g, '');

/** A person's name and phone as accounts store them (the desk's patients too). */
export const storedName = name;
export const storedPhone = phone;

// Bucket names. The pair's starts with the address so a reset can forget them all.
const pairPrefix = (email: string) => `login-fail:pair:${email} `;
const pairBucket = (email: string, client: string) => `${pairPrefix(email)}${client}`;
const clientBucket = (client: string) => `login-fail:client:${client}`;

/** What the account functions work with: the service's dependencies and the site's own words. */
type AccountContext = AccountServiceDeps & { siteWords: string[] };

/** The one password rule, for registration, reset and any later change: 400 naming `password`. */
async function refuseGuessablePassword(
  { siteWords }: AccountContext,
  password: string,
  owner: Omit<PasswordOwner, 'siteWords'>,
): Promise<void> {
  const problem = await passwordProblem(password, { ...owner, siteWords });
  if (problem) throw new BadRequestError(problem.message, [problem.error]);
}

/**
 * Counts a login attempt against both throttles before the password is checked, so concurrent
 * guesses cannot slip past the count; a successful login gives its attempt back.
 */
async function admitLogin({ db, now, limits }: AccountContext, email: string, client: string): Promise<void> {
  const at = now();
  const perClient = limits.loginFailuresPerClient;
  const byClient = await rateLimits.hit(db, clientBucket(client), at, perClient.windowMs);
  if (byClient.hits > perClient.max) {
    throw new TooManyRequestsError(
      accountMessages.tooManyFailuresForClient(minutesUntil(byClient.windowEnds, at)),
      secondsUntil(byClient.windowEnds, at),
    );
  }
  const perPair = limits.loginFailuresPerAccountAndClient;
  const byPair = await rateLimits.hit(db, pairBucket(email, client), at, perPair.windowMs);
  if (byPair.hits > perPair.max) {
    // Refused before any password check: it is not a failure of this client's.
    await rateLimits.refund(db, clientBucket(client), at);
    throw new TooManyRequestsError(
      accountMessages.tooManyFailuresForAccount(minutesUntil(byPair.windowEnds, at)),
      secondsUntil(byPair.windowEnds, at),
    );
  }
}

/**
 * The account a registration makes, in `tx`: a new one, or (`join`) the desk's patient with that
 * email turned into it in place (their appointments are theirs at once); 409 when a twin request
 * joined it first.
 */
async function makeAccount(tx: Queryable, account: users.NewManualUser, join: boolean, at: Date): Promise<User> {
  if (!join) return users.insertManualUser(tx, account, at);
  const joined = await users.joinDeskPatient(tx, account.email, { signInMethod: 'manual', ...account }, at);
  if (!joined) throw new ConflictError(accountMessages.emailTaken);
  await auditJoin(tx, joined, 'registration', at);
  return joined;
}

/** The join of a desk patient's record and its proven owner, in the audit log (the person acted). */
async function auditJoin(tx: Queryable, user: User, how: 'registration' | 'google', at: Date): Promise<void> {
  await insertAudit(
    tx,
    { actorUserId: user._id, actor: patientActor(user), actorRole: 'patient', action: 'patient.joined', subjectUserId: user._id, details: { how, after: { signInMethod: user.signInMethod } } },
    at,
  );
}

/**
 * Registration, for an address proven by a code in the last 30 minutes (used up here). A patient
 * the desk registered with that email becomes this account (the proof is the owner's); an
 * account's email is taken (409).
 */
async function registerAccount(ctx: AccountContext, request: RegisterRequest): Promise<User> {
  const { db, now, passwords } = ctx;
  const email = normalizeEmail(request.email);
  if (!(await hasProof(db, email, now()))) throw new BadRequestError(accountMessages.registerUnproven, unprovenEmail);
  const existing = await users.findUserByEmail(db, email);
  if (existing && !existing.deskPatient) throw new ConflictError(accountMessages.emailTaken);
  await refuseGuessablePassword(ctx, request.password, request);
  const passwordHash = await passwords.hash(request.password);
  const account = {
    email,
    firstName: name(request.firstName),
    lastName: name(request.lastName),
    age: request.age,
    gender: request.gender,
    phoneNumber: phone(request.phoneNumber),
    passwordHash,
  };
  try {
    return await db.transaction(async (tx) => {
      // Checked again, and used up, in the transaction that makes the account.
      if (!(await consumeProof(tx, email, now()))) throw new BadRequestError(accountMessages.registerUnproven, unprovenEmail);
      return makeAccount(tx, account, existing !== null, now());
    });
  } catch (error) {
    // Registered meanwhile by a twin request; the proof stays (the transaction rolled back).
    if (violatedConstraint(error) === 'users_email_key') throw new ConflictError(accountMessages.emailTaken);
    throw error;
  }
}

/**
 * Throttling (per client IP address; see TRUST_PROXY), the numbers are settings (limits.ts):
 * - per (account, client) pair: 5 failed logins in 15 minutes, then that client is refused
 *   for that account (429) until the window ends. The owner on another device or network is
 *   not affected; a success forgets the pair's failures; a password reset forgets them all.
 * - per client: 300 failed logins in 15 minutes, whatever the accounts, then 429 for every
 *   login from it (password spraying from one address; loose because patients share addresses).
 * - never per account alone: that would let anybody lock a patient out.
 */
async function logIn(ctx: AccountContext, request: LoginRequest, client: string): Promise<LoginAnswer> {
  const { db, now, passwords, sessions } = ctx;
  const email = normalizeEmail(request.email);
  await admitLogin(ctx, email, client);
  const found = await users.findUserByEmail(db, email);
  const ok =
    found?.passwordHash != null
      ? await passwords.verify(request.password, found.passwordHash)
      : await passwords.verifyNobody(request.password);
  if (!found || !ok) throw new UnauthorizedError(accountMessages.badCredentials);

  const at = now();
  await rateLimits.forget(db, pairBucket(email, client));
  await rateLimits.refund(db, clientBucket(client), at);
  if (found.passwordHash && passwords.needsRehash(found.passwordHash)) {
    // Made with older parameters: store it again at today's cost while we have the password.
    await users.setPasswordHash(db, found.user._id, await passwords.hash(request.password), at);
  }
  return sessions.issue(found.user._id);
}

/**
 * Sets a new password for an address proven by a code in the last 30 minutes, and ends every
 * session of that account. An unknown address (already proven by its owner) is told so
 * (404): only the mailbox's owner can get that far, so it reveals nothing to a stranger.
 */
async function resetAccountPassword(ctx: AccountContext, request: ForgotPasswordRequest): Promise<MessageAnswer> {
  const { db, now, passwords, sessions } = ctx;
  const email = normalizeEmail(request.email);
  if (!(await hasProof(db, email, now()))) throw new BadRequestError(accountMessages.resetUnproven, unprovenEmail);
  const found = await users.findUserByEmail(db, email);
  // A patient the desk registered has no account to reset: registering makes it theirs.
  if (!found || found.deskPatient) throw new NotFoundError(accountMessages.noAccount);
  await refuseGuessablePassword(ctx, request.password, { email, firstName: found.user.firstName, lastName: found.user.lastName });
  const passwordHash = await passwords.hash(request.password);
  await db.transaction(async (tx) => {
    if (!(await consumeProof(tx, email, now()))) throw new BadRequestError(accountMessages.resetUnproven, unprovenEmail);
    await users.setPasswordHash(tx, found.user._id, passwordHash, now());
    await sessions.revokeAll(found.user._id, tx);
  });
  await rateLimits.forgetByPrefix(db, pairPrefix(email));
  return { message: accountMessages.passwordReset };
}

/**
 * For Google sign-in, once the provider said the email is verified: the account of that email,
 * or a new one (sign-in method google, no password, age, gender or phone yet). An existing
 * account keeps its own names and sign-in method. A patient the desk registered with that email
 * becomes the account (sign-in method google, the desk's details kept, Google's names taken).
 */
async function accountOfIdentity({ db, now }: AccountContext, profile: IdentityProfile): Promise<User> {
  const email = normalizeEmail(profile.email);
  const existing = await users.findUserByEmail(db, email);
  if (existing?.deskPatient) {
    const names = { firstName: name(profile.firstName), lastName: name(profile.lastName) };
    const joined = await db.transaction(async (tx) => {
      const user = await users.joinDeskPatient(tx, email, { signInMethod: 'google', ...names }, now());
      if (user) await auditJoin(tx, user, 'google', now());
      return user;
    });
    if (joined) return joined;
    // Joined by a request that ran at the same moment: that account is this person's.
    return (await users.findUserByEmail(db, email))!.user;
  }
  if (existing) return existing.user;
  const firstName = name(profile.firstName) || name(email.slice(0, email.indexOf('@'))) || email;
  const created = await users.insertIdentityUser(db, { email, firstName, lastName: name(profile.lastName) }, now());
  if (created) return created;
  // Made by a request that ran at the same moment.
  const raced = await users.findUserByEmail(db, email);
  if (!raced) throw new Error('the account vanished while it was being made');
  return raced.user;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, now, textChannels } = deps;
  const available = textChannels ?? { sms: false, whatsapp: false };
  const ctx: AccountContext = { ...deps, siteWords: [new URL(deps.publicUrl).hostname] };

  return {
    /** POST /auth/register (registerAccount): the new account and a session of it, so registering signs in. */
    async register(request: RegisterRequest): Promise<User & { token: string }> {
      const user = await registerAccount(ctx, request);
      const { token } = await deps.sessions.issue(user._id);
      return { ...user, token };
    },

    /** POST /auth/login, throttled per (account, client) pair and per client (logIn). */
    login: (request: LoginRequest, client: string): Promise<LoginAnswer> => logIn(ctx, request, client),

    /** POST /auth/forgotpassword: a new password for a proven address (resetAccountPassword). */
    resetPassword: (request: ForgotPasswordRequest): Promise<MessageAnswer> => resetAccountPassword(ctx, request),

    /** Google sign-in's account, found or made (accountOfIdentity). */
    findOrCreateFromIdentity: (profile: IdentityProfile): Promise<User> => accountOfIdentity(ctx, profile),

    /** GET /auth/language: the caller's own account's language (015). */
    async language(user: User): Promise<LanguageSetting> {
      return { language: (await users.findLanguage(db, user._id)) ?? 'en' };
    },

    /** PUT /auth/language: sets the caller's own account's language; its mails follow it. */
    async setLanguage(user: User, { language }: LanguageSetting): Promise<LanguageSetting> {
      await users.setLanguage(db, user._id, language, now());
      return { language };
    },

    /** GET /auth/reminders: the caller's own reminder channels (025) and the ones the clinic has. */
    async reminders(user: User): Promise<ReminderSettings> {
      return { channels: await users.findReminderChannels(db, user._id), available };
    },

    /** PUT /auth/reminders: sets the caller's own; a channel the clinic lacks is kept as chosen for when it comes. */
    async setReminders(user: User, channels: ReminderChannels): Promise<ReminderSettings> {
      await users.setReminderChannels(db, user._id, channels, now());
      return { channels, available };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
