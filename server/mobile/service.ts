/**
 * Mobile sign-in and the account's own phone and email (docs/mobile-sign-in.md).
 *
 * Which account a proven number signs in to ("one person, one account"), in this order:
 * 1. the account whose phone is VERIFIED with that number (at most one: users_verified_phone_key);
 * 2. else the desk's patient with that number (docs/desk.md), when exactly one has it: that row
 *    becomes the account in place (sign-in method 'phone', the number proven), so the visits the
 *    desk booked are theirs at once. Several desk records with one number (a family sharing a
 *    phone) join nothing: the server cannot tell which of those people holds the phone, and a
 *    wrong guess would show one person's visits and prescriptions as another's. They stay the
 *    desk's records, and each can still join its owner by the email on it;
 * 3. else a new account with only the number (`created`; names, age and gender come with the
 *    profile, PUT /auth/profile, before the first booking).
 * A number typed on an account but never proven joins nothing: it is not proof of anything.
 *
 * Two sign-ins that would make the same account at once make one: the unique index refuses the
 * second insert, which then finds the first's account (`accountForPhone`).
 *
 * The account's phone changes only with a code to the new number (purpose 'phone-change', bound
 * to the account), and a proof of the account too: its password, a code to its email, or a code
 * to its current verified number (purpose 'phone-current'; `proveAccount`). A number verified on another account is refused (409 naming phoneNumber).
 * The account's email is told of the change (a keyed mail, server/mobile/mails.ts): texts go on
 * DLT-approved templates only, and the clinic has none for this notice.
 *
 * The email is added or changed with the proof the email code leaves (POST /otp/validate-otp),
 * used up here; another account's email is refused (409 naming email); a desk patient's records
 * with that email join the account (the joining rule of repositories/users.ts joinDeskPatient:
 * whoever proves the email owns them), merged into it as the account already exists.
 */
import type { LoginAnswer, User } from '../../contract/auth.js';
import type { CurrentPhoneCodeRequest, EmailChangeRequest, MobileCodeRequest, MobileSignInAnswer, MobileSignInRequest, PhoneChangeCodeRequest, PhoneChangeRequest, SignInOptions } from '../../contract/mobile.js';
import { type Database, isUniqueViolation } from '../db/database.js';
import type { MailQueue } from '../jobs/keyedMails.js';
import * as rateLimits from '../repositories/rateLimits.js';
import { consumeProof, hasProof } from '../repositories/otp.js';
import { insertAudit, patientActor } from '../repositories/staff.js';
import { findUserByEmail, findUserById } from '../repositories/users.js';
import type { PasswordHasher } from '../security/passwords.js';
import type { Secrets } from '../security/secrets.js';
import { BadRequestError, ForbiddenError, NotFoundError, ServiceError, TooManyRequestsError } from '../services/errors.js';
import { type AccountLimits, minutesUntil, secondsUntil } from '../services/limits.js';
import type { OtpService } from '../services/otp.js';
import type { SessionService } from '../services/sessions.js';
import { type MobileConfig, offeredChannels } from './config.js';
import { type Codes, createCodes, tenDigits } from './codes.js';
import { phoneChangedKey } from './mails.js';
import { mobileMessages } from './messages.js';
import * as repo from './repository.js';
import type { CodeSender } from './senders.js';

export interface MobileServiceDeps {
  db: Database;
  now: () => Date;
  secrets: Secrets;
  limits: AccountLimits;
  config: MobileConfig;
  senders: Partial<Record<'sms' | 'whatsapp', CodeSender>>;
  sessions: SessionService;
  passwords: PasswordHasher;
  otp: OtpService;
  mails: MailQueue;
}

/** 409 naming the field: the form shows it there. */
const conflictOn = (field: string, message: string) => new ServiceError(409, message, [{ field, message }]);

/** A profile the first booking need not ask for: a name, the age and the gender. */
export const profileComplete = (user: User) => user.firstName.trim() !== '' && user.age !== null && user.gender !== null;

const isStaffRole = (user: User) => user.role !== 'patient';

/**
 * The account a proven number signs in to, found, joined or made (the rules above), with
 * `created` for a new one. Retries when a twin request made or joined it meanwhile.
 */
export async function accountForPhone(db: Database, phone: string, now: () => Date): Promise<{ user: User; created: boolean }> {
  for (let attempt = 0; ; attempt += 1) {
    const verified = await repo.findByVerifiedPhone(db, phone);
    if (verified) return { user: verified, created: false };
    const desk = await repo.deskPatientsWithPhone(db, phone);
    try {
      const made = await db.transaction(async (tx) => {
        const at = now();
        if (desk.length === 1) {
          const joined = await repo.joinDeskPatientByPhone(tx, desk[0]!, phone, at);
          if (!joined) return null;
          await insertAudit(
            tx,
            { actorUserId: joined._id, actor: patientActor(joined), actorRole: 'patient', action: 'patient.joined', subjectUserId: joined._id, details: { how: 'phone', after: { signInMethod: 'phone' } } },
            at,
          );
          return { user: joined, created: false };
        }
        return { user: await repo.insertPhoneUser(tx, phone, at), created: true };
      });
      if (made) return made;
    } catch (error) {
      // Proven by a twin request at the same moment: the loop finds its account.
      if (!isUniqueViolation(error, 'users_verified_phone_key') || attempt >= 3) throw error;
    }
    if (attempt >= 3) throw new Error('the account of a proven number could not be settled');
  }
}

/** What the mobile functions work with: the service's dependencies and its codes. */
type MobileContext = MobileServiceDeps & { codes: Codes };

/** The password of a phone change, throttled per account like a login's (5 wrong in 15 minutes). */
async function checkPassword({ db, now, limits, passwords }: MobileContext, userId: string, password: string, hash: string): Promise<void> {
  const at = now();
  const bucket = `phone-change-password:${userId}`;
  const rate = limits.loginFailuresPerAccountAndClient;
  const hit = await rateLimits.hit(db, bucket, at, rate.windowMs);
  if (hit.hits > rate.max) throw new TooManyRequestsError(mobileMessages.tooManyPasswordTries(minutesUntil(hit.windowEnds, at)), secondsUntil(hit.windowEnds, at));
  if (!(await passwords.verify(password, hash))) throw new BadRequestError(mobileMessages.wrongPassword, [{ field: 'password', message: mobileMessages.wrongPassword }]);
  await rateLimits.forget(db, bucket);
}

/** What the account holds that can prove a change of its number. */
type Provable = { passwordHash: string | null; email: string | null; phoneNumber: string | null; phoneVerified: boolean };

/** How the change was proven, as the audit names it beside the new number's code. */
type Proof = 'password' | 'emailCode' | 'currentCode' | 'none';

/**
 * The account proves itself for a phone change with one of what it has: its password, a code to
 * its own email (whose proof the change uses up: the address is answered), or a code to its
 * current verified number. An open session alone is not enough, or whoever held one could move
 * the account's sign-in number to their own phone. Only an account with none of the three changes
 * with the new number's code alone. 400 naming the field of the proof it should give otherwise.
 */
async function proveAccount(ctx: MobileContext, userId: string, account: Provable, request: PhoneChangeRequest): Promise<{ proof: Proof; provenEmail: string | null }> {
  if (request.password !== undefined && account.passwordHash !== null) {
    await checkPassword(ctx, userId, request.password, account.passwordHash);
    return { proof: 'password', provenEmail: null };
  }
  if (request.emailCode !== undefined) {
    if (account.email === null) throw new BadRequestError(mobileMessages.noEmailForCode, [{ field: 'emailCode', message: mobileMessages.noEmailForCode }]);
    try {
      await ctx.otp.validate(account.email, request.emailCode);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 400) throw new BadRequestError(error.message, [{ field: 'emailCode', message: error.message }]);
      throw error;
    }
    return { proof: 'emailCode', provenEmail: account.email };
  }
  const current = account.phoneVerified && account.phoneNumber !== null ? tenDigits(account.phoneNumber) : null;
  if (request.currentCode !== undefined) {
    if (current === null) throw new BadRequestError(mobileMessages.noCurrentPhone, [{ field: 'currentCode', message: mobileMessages.noCurrentPhone }]);
    await ctx.codes.use({ phone: current, purpose: 'phone-current', accountId: userId }, request.currentCode, 'currentCode');
    return { proof: 'currentCode', provenEmail: null };
  }
  if (account.passwordHash !== null) throw new BadRequestError(mobileMessages.proofNeeded, [{ field: 'password', message: mobileMessages.proofNeeded }]);
  if (current !== null) throw new BadRequestError(mobileMessages.currentCodeNeeded, [{ field: 'currentCode', message: mobileMessages.currentCodeNeeded }]);
  if (account.email !== null) throw new BadRequestError(mobileMessages.emailCodeNeeded, [{ field: 'emailCode', message: mobileMessages.emailCodeNeeded }]);
  return { proof: 'none', provenEmail: null };
}

/** POST /auth/mobile/sign-in: a right code signs in to the number's account (the rules above). */
async function signInByPhone({ db, now, codes, sessions }: MobileContext, request: MobileSignInRequest): Promise<MobileSignInAnswer> {
  const phone = tenDigits(request.phoneNumber);
  await codes.use({ phone, purpose: 'sign-in', accountId: null }, request.code);
  const { user, created } = await accountForPhone(db, phone, now);
  // Staff sign in with email and password; a text is not strong enough for the console.
  if (isStaffRole(user)) throw new ForbiddenError(mobileMessages.staffByPhone);
  const session: LoginAnswer = await sessions.issue(user._id);
  return { ...session, created, profileComplete: profileComplete(user) };
}

/** In the change's transaction: the number set as proven, audited as a profile change, the old number's owner told by email. */
async function savePhone(ctx: MobileContext, user: User, phone: string, proof: string, provenEmail: string | null): Promise<void> {
  const { db, now, mails } = ctx;
  await db.transaction(async (tx) => {
    const at = now();
    const was = await repo.lockAccount(tx, user._id);
    if (!was) throw new NotFoundError('Account not found.');
    if (provenEmail !== null) await consumeProof(tx, provenEmail, at);
    const stored = `+91${phone}`;
    if (was.phoneVerified && was.phoneNumber === stored) return;
    await repo.setVerifiedPhone(tx, user._id, phone, at);
    // As a profile change, so closing the account erases the numbers from it (repositories/accountErasure.ts).
    await insertAudit(
      tx,
      {
        actorUserId: user._id,
        actor: patientActor(user),
        actorRole: user.role,
        action: 'user.profile',
        subjectUserId: user._id,
        details: { before: { phoneNumber: was.phoneNumber }, after: { phoneNumber: stored }, verified: true, proof },
      },
      at,
    );
    if (was.phoneVerified && was.email !== null) await mails.queue(tx, 'phone-changed', phoneChangedKey(user._id, at), at);
  });
}

/** PUT /auth/phone: the new number proven by its code (and the account by its password or email code); the change audited and told. */
async function changePhone(ctx: MobileContext, user: User, request: PhoneChangeRequest): Promise<User> {
  const { db, codes, mails } = ctx;
  const phone = tenDigits(request.phoneNumber);
  const account = await repo.lockAccount(db, user._id);
  if (!account) throw new NotFoundError('Account not found.');
  const holder = await repo.findByVerifiedPhone(db, phone);
  if (holder && holder._id !== user._id) throw conflictOn('phoneNumber', mobileMessages.phoneTaken);
  const { proof: by, provenEmail } = await proveAccount(ctx, user._id, account, request);
  await codes.use({ phone, purpose: 'phone-change', accountId: user._id }, request.code);
  await mails.prepare();
  const proof = by === 'none' ? 'code' : `code+${by}`;
  try {
    await savePhone(ctx, user, phone, proof, provenEmail);
  } catch (error) {
    if (isUniqueViolation(error, 'users_verified_phone_key')) throw conflictOn('phoneNumber', mobileMessages.phoneTaken);
    throw error;
  }
  return (await findUserById(db, user._id))!;
}

/** PUT /auth/email: the proven address becomes the account's; a desk patient's records with it join the account. */
async function changeEmail({ db, now }: MobileContext, user: User, request: EmailChangeRequest): Promise<User> {
  const email = request.email.trim().toLowerCase();
  if (isStaffRole(user)) throw new ForbiddenError(mobileMessages.staffEmail);
  const unproven = new BadRequestError(mobileMessages.emailUnproven, [{ field: 'otp', message: 'must be validated for this email first' }]);
  if (!(await hasProof(db, email, now()))) throw unproven;
  const holder = await findUserByEmail(db, email);
  if (holder && holder.user._id !== user._id && !holder.deskPatient) throw conflictOn('email', mobileMessages.emailTaken);
  try {
    await db.transaction(async (tx) => {
      const at = now();
      const me = await repo.lockUserRow(tx, user._id);
      if (!me) throw new NotFoundError('Account not found.');
      if (!(await consumeProof(tx, email, at))) throw unproven;
      if (me.email === email) return;
      let joined = false;
      if (holder?.deskPatient) {
        const desk = await repo.lockUserRow(tx, holder.user._id);
        // Joined by a twin request meanwhile: the address is somebody's account now.
        if (!desk || desk.signInMethod !== 'desk' || desk.email !== email) throw conflictOn('email', mobileMessages.emailTaken);
        await repo.mergeDeskPatientInto(tx, holder.user._id, user._id, at);
        joined = true;
      }
      await repo.setEmail(tx, user._id, email, at);
      const actor = { actorUserId: user._id, actor: email, actorRole: user.role } as const;
      await insertAudit(tx, { ...actor, action: 'user.email', subjectUserId: user._id, details: { before: { email: me.email }, after: { email } } }, at);
      if (joined) await insertAudit(tx, { ...actor, action: 'patient.joined', subjectUserId: user._id, details: { how: 'email', merged: holder!.user._id } }, at);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflictOn('email', mobileMessages.emailTaken);
    throw error;
  }
  return (await findUserById(db, user._id))!;
}

export function createMobileService(deps: MobileServiceDeps) {
  const ctx: MobileContext = { ...deps, codes: createCodes(deps) };
  const { db, codes } = ctx;

  return {
    /** GET /auth/sign-in-options: the channels that can deliver a code; none: no mobile path. */
    signInOptions(): SignInOptions {
      const channels = offeredChannels(deps.config);
      return { mobile: channels.length === 0 ? null : { channels } };
    },

    /** POST /auth/mobile/send-code: the same answer, and the same work, whether or not an account has the number. */
    async sendSignInCode(request: MobileCodeRequest, client: string): Promise<{ message: string }> {
      await codes.send({ phone: tenDigits(request.phoneNumber), purpose: 'sign-in', accountId: null }, request.channel, client);
      return { message: mobileMessages.sent };
    },

    /** POST /auth/mobile/sign-in (signInByPhone). */
    signIn: (request: MobileSignInRequest): Promise<MobileSignInAnswer> => signInByPhone(ctx, request),

    /** POST /auth/phone/send-code: a code to the number the account is to have; another account's verified number is refused. */
    async sendPhoneChangeCode(user: User, request: PhoneChangeCodeRequest, client: string): Promise<{ message: string }> {
      const phone = tenDigits(request.phoneNumber);
      const holder = await repo.findByVerifiedPhone(db, phone);
      if (holder && holder._id !== user._id) throw conflictOn('phoneNumber', mobileMessages.phoneTaken);
      await codes.send({ phone, purpose: 'phone-change', accountId: user._id }, request.channel, client);
      return { message: mobileMessages.sent };
    },

    /** POST /auth/phone/send-current-code: a code to the account's own verified number, to prove a change of it or to close the account. */
    async sendCurrentPhoneCode(user: User, request: CurrentPhoneCodeRequest, client: string): Promise<{ message: string }> {
      const account = await repo.lockAccount(db, user._id);
      if (!account) throw new NotFoundError('Account not found.');
      if (!account.phoneVerified || account.phoneNumber === null) {
        throw new BadRequestError(mobileMessages.noCurrentPhone, [{ field: 'currentCode', message: mobileMessages.noCurrentPhone }]);
      }
      const purpose = request.for === 'accountClose' ? 'account-close' : 'phone-current';
      await codes.send({ phone: tenDigits(account.phoneNumber), purpose, accountId: user._id }, request.channel, client);
      return { message: mobileMessages.sent };
    },

    /** Uses up the code that confirms closing the account, sent to its verified `phone`; 400 naming `field` otherwise. */
    useAccountCloseCode: (accountId: string, phone: string, code: string, field: string): Promise<void> =>
      codes.use({ phone: tenDigits(phone), purpose: 'account-close', accountId }, code, field),

    /** PUT /auth/phone (changePhone). */
    changePhone: (user: User, request: PhoneChangeRequest): Promise<User> => changePhone(ctx, user, request),

    /** PUT /auth/email (changeEmail). */
    changeEmail: (user: User, request: EmailChangeRequest): Promise<User> => changeEmail(ctx, user, request),
  };
}
export type MobileService = ReturnType<typeof createMobileService>;
