/**
 * Accounts: register, login, session, logout, password reset, login throttling, and the
 * account of a Google sign-in, on every backend.
 */
import { createHash } from 'node:crypto';
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { LoginAnswer, RegisterAnswer, User } from '../../contract/index.js';
import {
  type Response,
  getUser,
  login,
  logout,
  minute,
  patient,
  post,
  prove,
  register,
  registered,
  useAccountsApp,
} from './accountsSupport.js';
import { backends } from './helpers.js';

const day = 24 * 60 * minute;
const messageOf = (res: Response) => (res.json() as { message: string }).message;

/** The answer decoded with its contract codec; fails the test when it does not fit. */
function decoded<A>(codec: t.Decoder<unknown, A>, res: Response): A {
  const result = codec.decode(res.json());
  if (!isRight(result)) throw new Error(`answer does not match ${codec.name}: ${res.body}`);
  return result.right;
}

describe.each(backends)('accounts on %s', (backend) => {
  const t = useAccountsApp(backend);

  describe('register', () => {
    it('refuses an address no code proved, and writes nothing', async () => {
      const res = await register(t.app());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'account.registerUnproven',
        message: 'Please validate your email OTP before registering.',
        errors: [{ field: 'otp', message: 'must be validated for this email first' }],
      });
      expect((await t.db().query('select 1 from users')).rowCount).toBe(0);
    });

    it('makes the account for a proven address, uses the proof up, and answers the user', async () => {
      await prove(t, 'Asha.Deshpande@Example.com');
      const res = await register(t.app(), { email: 'Asha.Deshpande@Example.com' });
      expect(res.statusCode).toBe(200);
      const { token, ...user } = decoded(RegisterAnswer, res);
      expect(user).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        firstName: 'Asha',
        lastName: 'Deshpande',
        email: 'asha.deshpande@example.com',
        age: 34,
        gender: 'female',
        phoneNumber: '+919876543210',
        signInMethod: 'manual',
        role: 'patient',
        hasPassword: true,
        phoneVerified: false,
      });
      // Registering signs in: the answer's token is a live session of the new account, no second login.
      expect(decoded(User, await getUser(t.app(), token!))).toMatchObject({ _id: user._id, email: 'asha.deshpande@example.com' });
      expect((await t.db().query('select 1 from email_proofs')).rowCount).toBe(0);
      // The proof is gone: another attempt needs a new code.
      const again = await register(t.app());
      expect(again.statusCode).toBe(400);
      expect(messageOf(again)).toBe('Please validate your email OTP before registering.');
    });

    it('refuses an email that has an account (409), keeping the proof', async () => {
      await registered(t);
      await prove(t, patient.email);
      const res = await register(t.app(), { firstName: 'Other' });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(
        'An account with this email already exists. Please log in, or reset your password if you forgot it.',
      );
      expect((await t.db().query('select 1 from email_proofs')).rowCount).toBe(1);
      expect((await t.db().query('select 1 from users')).rowCount).toBe(1);
    });

    it('refuses guessable passwords (NIST SP 800-63B) naming the password field, and allows long passphrases', async () => {
      await prove(t, patient.email);
      const guessable = {
        '        ': 'must have at least 8 characters, not counting spaces at the start and end',
        '\t\t\t\t\t\t\t\t': 'must have at least 8 characters, not counting spaces at the start and end',
        aaaaaaaa: 'it repeats characters',
        '12341234': 'it repeats characters',
        abcdefgh: 'it is a sequence like abcd or 1234',
        qwertyui: 'it is one of the most common passwords',
        QWERTYUIOP: 'it is one of the most common passwords',
        zxcvbnm123: 'follows the keys of a keyboard|most common passwords',
        sahaj123: "it uses your name, email or phone, or the clinic's name",
        clinic2026: "it uses your name, email or phone, or the clinic's name",
        'Deshpande1985': "it uses your name, email or phone, or the clinic's name",
        'asha.deshpande': "it uses your name, email or phone, or the clinic's name",
        '9876543210': "it uses your name, email or phone, or the clinic's name|sequence",
        Password1: 'it is one of the most common passwords',
      };
      for (const [password, why] of Object.entries(guessable)) {
        const res = await register(t.app(), { password });
        expect(res.statusCode, JSON.stringify(password)).toBe(400);
        const body = res.json() as { message: string; errors: { field: string; message: string }[] };
        expect(body.errors, JSON.stringify(password)).toEqual([{ field: 'password', message: expect.stringMatching(new RegExp(why)) }]);
        // It says what to do, in the message a toast shows as in the field's.
        expect(body.message).toMatch(/^(This password is too easy to guess: .*Choose another|Please choose a password of at least 8)/);
      }
      expect((await t.db().query('select 1 from users')).rowCount).toBe(0);
      // The proof is kept for another try.
      expect((await register(t.app(), { password: 'tulsi neem and amla' })).statusCode).toBe(200);
    });

    it('accepts good passwords: passphrases, random characters, names used with more', async () => {
      for (const [i, password] of ['x7#pQ9vL', 'Asha-Kothrud-2025!', 'rainy season in pune', 'Tr0ub4dor&3'].entries()) {
        const email = `person${i}@example.com`;
        await prove(t, email);
        expect((await register(t.app(), { email, password })).statusCode, password).toBe(200);
      }
    });

    it('refuses passwords too short for the contract before the rule runs, and allows 128-character passphrases', async () => {
      await prove(t, patient.email);
      const short = await register(t.app(), { password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ field: 'password', message: 'must be 8 to 128 characters long' }]);
      expect((await t.db().query('select 1 from users')).rowCount).toBe(0);

      // No composition rules: lower-case words, spaces and 128 characters are fine.
      const long = 'the quiet river runs past the old mango tree '.repeat(3).slice(0, 128);
      expect((await register(t.app(), { password: long })).statusCode).toBe(200);
    });

    it('stores only an scrypt hash of the password', async () => {
      await registered(t);
      const { rows } = await t.db().query<{ password_hash: string }>('select password_hash from users');
      expect(rows[0]!.password_hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      const everything = await t.db().query('select * from users');
      expect(JSON.stringify(everything.rows)).not.toContain(patient.password);
    });

    it('answers 400 naming each bad field', async () => {
      await prove(t, patient.email);
      const res = await register(t.app(), { gender: 'other', age: 0, phoneNumber: '12' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['age', 'gender', 'phoneNumber']);
    });
  });

  describe('login and session', () => {
    it('answers a token and the user; keeps only the SHA-256 of the token', async () => {
      const id = await registered(t);
      const res = await login(t.app(), 'ASHA.deshpande@example.com', patient.password);
      expect(res.statusCode).toBe(200);
      const answer = decoded(LoginAnswer, res);
      expect(answer.user).toEqual({ _id: id, firstName: 'Asha', lastName: 'Deshpande', email: patient.email });
      expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes

      // The registration's own session, and this login's.
      const { rows } = await t.db().query<{ token_hash: string; expires_at: string }>('select token_hash, expires_at from sessions where token_hash = $1', [
        createHash('sha256').update(answer.token).digest('hex'),
      ]);
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(answer.token).digest('hex'), expires_at: expect.anything() }]);
      expect(JSON.stringify((await t.db().query('select * from sessions')).rows)).not.toContain(answer.token);
      expect(new Date(rows[0]!.expires_at).getTime() - t.clock.now().getTime()).toBe(30 * day);

      const me = await getUser(t.app(), answer.token);
      expect(me.statusCode).toBe(200);
      expect(decoded(User, me)).toMatchObject({ _id: id, email: patient.email, age: 34, signInMethod: 'manual', role: 'patient' });
    });

    it('the current user carries the account\'s role, read afresh on every call (the header shows staff the console)', async () => {
      const id = await registered(t);
      const { token } = decoded(LoginAnswer, await login(t.app(), patient.email, patient.password));
      expect(decoded(User, await getUser(t.app(), token)).role).toBe('patient');
      for (const role of ['admin', 'doctor', 'patient'] as const) {
        await t.db().query('update users set role = $2 where id = $1', [id, role]);
        expect(decoded(User, await getUser(t.app(), token)).role).toBe(role);
      }
    });

    it('gives one message for a wrong password and an unknown email', async () => {
      await registered(t);
      const wrongPassword = await login(t.app(), patient.email, 'not the password at all');
      const unknownEmail = await login(t.app(), 'nobody@example.com', patient.password);
      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'account.badCredentials', message: 'Invalid email or password.' });
      }
      expect(wrongPassword.body).toBe(unknownEmail.body);
    });

    it('refuses a password login to a Google account that has no password yet', async () => {
      // Through the services, as Google sign-in calls them.
      const services = t.services();
      await services.accounts.findOrCreateFromIdentity({ email: 'g.user@example.com', firstName: 'Gita', lastName: 'Rao' });
      const res = await login(t.app(), 'g.user@example.com', 'anything at all');
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe('Invalid email or password.');
    });

    it('answers 401 for a missing, malformed, unknown, expired or revoked token', async () => {
      await registered(t);
      const { token } = (await login(t.app(), patient.email, patient.password)).json();

      const missing = await getUser(t.app());
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ code: 'session.missing', message: 'Please log in.' });
      expect(missing.headers['www-authenticate']).toBe('Bearer');

      for (const bad of ['nonsense', 'A'.repeat(43)]) {
        const res = await getUser(t.app(), bad);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'session.ended', message: 'Your session has ended. Please log in again.' });
      }
      const basic = await t.app().inject({ url: '/api/auth/getuser', headers: { authorization: `Basic ${token}` } });
      expect(basic.statusCode).toBe(401);

      t.clock.advance(30 * day - 1000);
      expect((await getUser(t.app(), token)).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await getUser(t.app(), token);
      expect(expired.statusCode).toBe(401);
      expect(messageOf(expired)).toBe('Your session has ended. Please log in again.');
    });

    it('logout revokes that token only', async () => {
      await registered(t);
      const first = (await login(t.app(), patient.email, patient.password)).json().token;
      const second = (await login(t.app(), patient.email, patient.password, '198.51.100.4')).json().token;
      const res = await logout(t.app(), first);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out.' });
      expect((await getUser(t.app(), first)).statusCode).toBe(401);
      expect((await logout(t.app(), first)).statusCode).toBe(401);
      expect((await getUser(t.app(), second)).statusCode).toBe(200);
    });

    it('lasts SESSION_DAYS', async () => {
      const app = await t.anotherInstance({ services: { sessionDays: 2 } });
      await registered(t);
      const { token } = (await login(app, patient.email, patient.password)).json();
      t.clock.advance(2 * day);
      expect((await getUser(app, token)).statusCode).toBe(401);
    });

    it('stores a new hash at login when the parameters changed', async () => {
      await registered(t);
      const stronger = await t.anotherInstance({ services: { passwordCost: { logN: 11, r: 8, p: 1 } } });
      expect((await login(stronger, patient.email, patient.password)).statusCode).toBe(200);
      const { rows } = await t.db().query<{ password_hash: string }>('select password_hash from users');
      expect(rows[0]!.password_hash).toMatch(/^\$scrypt\$ln=11,r=8,p=1\$/);
      expect((await login(t.app(), patient.email, patient.password)).statusCode).toBe(200);
    });
  });

  describe('login throttling', () => {
    const attacker = '198.51.100.66';
    const owner = '203.0.113.20';

    it('slows one client guessing one account (429) without locking the owner out elsewhere', async () => {
      await registered(t);
      for (let i = 0; i < 5; i++) {
        expect((await login(t.app(), patient.email, `wrong guess ${i}`, attacker)).statusCode).toBe(401);
      }
      const refused = await login(t.app(), patient.email, patient.password, attacker);
      expect(refused.statusCode).toBe(429);
      expect(messageOf(refused)).toBe(
        'Too many failed logins for this account from your device. Please try again in 15 minutes, or reset your password.',
      );
      expect(refused.headers['retry-after']).toBe(String(15 * 60));

      // The owner, from their own network, is not affected.
      expect((await login(t.app(), patient.email, patient.password, owner)).statusCode).toBe(200);
      // The same client may still try other accounts (its own limit is higher).
      expect((await login(t.app(), 'someone.else@example.com', 'a guess', attacker)).statusCode).toBe(401);

      t.clock.advance(15 * minute);
      expect((await login(t.app(), patient.email, patient.password, attacker)).statusCode).toBe(200);
    });

    it('forgets a pair’s failures after a successful login', async () => {
      await registered(t);
      for (let i = 0; i < 4; i++) await login(t.app(), patient.email, 'wrong', owner);
      expect((await login(t.app(), patient.email, patient.password, owner)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(t.app(), patient.email, 'wrong', owner)).statusCode).toBe(401);
      expect((await login(t.app(), patient.email, 'wrong', owner)).statusCode).toBe(429);
    });

    it('slows one client trying many accounts as RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT says', async () => {
      const { loadConfig } = await import('../../server/config.js');
      const app = await t.anotherInstance({ config: loadConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: '30/15m', DATA_DIR: t.dataDir() }) });
      for (let i = 0; i < 30; i++) {
        expect((await login(app, `victim${i}@example.com`, 'password guess', attacker)).statusCode).toBe(401);
      }
      const refused = await login(app, 'victim99@example.com', 'password guess', attacker);
      expect(refused.statusCode).toBe(429);
      expect(messageOf(refused)).toBe('Too many failed logins from your network. Please try again in 15 minutes.');
      expect((await login(app, 'victim99@example.com', 'password guess', owner)).statusCode).toBe(401);
    });

    it('lets many patients behind one shared address mistype by default, and still stops a brute force on one account', async () => {
      await registered(t);
      const sharedAddress = '100.64.0.1'; // carrier-grade NAT
      // 40 patients, one typo each: more than the old limit of 30 per address.
      for (let i = 0; i < 40; i++) {
        expect((await login(t.app(), `patient${i}@example.com`, 'a typo', sharedAddress)).statusCode).toBe(401);
      }
      expect((await login(t.app(), patient.email, patient.password, sharedAddress)).statusCode).toBe(200);
      // Guessing one account from that address stops after 5 failures, even with the right password.
      for (let i = 0; i < 5; i++) expect((await login(t.app(), patient.email, `guess ${i}`, sharedAddress)).statusCode).toBe(401);
      expect((await login(t.app(), patient.email, patient.password, sharedAddress)).statusCode).toBe(429);
    });

    it('slows guessing one account as RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT says', async () => {
      await registered(t);
      const { loadConfig } = await import('../../server/config.js');
      const config = loadConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT: '3/30m', DATA_DIR: t.dataDir() });
      const app = await t.anotherInstance({ config });
      for (let i = 0; i < 3; i++) expect((await login(app, patient.email, `guess ${i}`, attacker)).statusCode).toBe(401);
      const refused = await login(app, patient.email, patient.password, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(30 * 60));
    });

    it('counts guesses sent at the same moment', async () => {
      await registered(t);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(t.app(), patient.email, `parallel guess ${i}`, attacker)),
      );
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
    });

    it('counts the client behind a proxy only when TRUST_PROXY says so', async () => {
      await registered(t);
      const viaProxy = (app: typeof t.app extends () => infer A ? A : never, forwardedFor: string) =>
        post(app, '/api/auth/login', { email: patient.email, password: 'wrong' }, {
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Not trusted (the default): every request comes from the proxy, whatever the header says.
      for (let i = 0; i < 5; i++) await viaProxy(t.app(), `198.51.100.${i}`);
      expect((await viaProxy(t.app(), '198.51.100.200')).statusCode).toBe(429);

      const { loadConfig } = await import('../../server/config.js');
      const behindProxy = await t.anotherInstance({ config: loadConfig({ TRUST_PROXY: '10.0.0.0/8', DATA_DIR: t.dataDir() }) });
      for (let i = 0; i < 5; i++) await viaProxy(behindProxy, '198.51.100.7');
      expect((await viaProxy(behindProxy, '198.51.100.7')).statusCode).toBe(429);
      expect((await viaProxy(behindProxy, '198.51.100.8')).statusCode).toBe(401);
    });
  });

  describe('forgot password', () => {
    const reset = (password: string, email: string = patient.email) => post(t.app(), '/api/auth/forgotpassword', { email, password });
    const newPassword = 'a brand new passphrase';

    it('refuses an address no code proved', async () => {
      await registered(t);
      const res = await reset(newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'account.resetUnproven',
        message: 'Please validate your email OTP before resetting your password.',
        errors: [{ field: 'otp', message: 'must be validated for this email first' }],
      });
      expect((await login(t.app(), patient.email, patient.password)).statusCode).toBe(200);
    });

    it('sets the password, ends every session, and uses the proof up', async () => {
      await registered(t);
      const tokens = [
        (await login(t.app(), patient.email, patient.password)).json().token,
        (await login(t.app(), patient.email, patient.password, '198.51.100.9')).json().token,
      ];
      await prove(t, patient.email);
      const res = await reset(newPassword);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password reset successfully.' });
      for (const token of tokens) expect((await getUser(t.app(), token)).statusCode).toBe(401);
      expect((await login(t.app(), patient.email, patient.password)).statusCode).toBe(401);
      expect((await login(t.app(), patient.email, newPassword)).statusCode).toBe(200);
      expect((await reset('yet another passphrase')).statusCode).toBe(400);
    });

    it('refuses a guessable password by the same rule, naming the field, and keeps the proof for another try', async () => {
      await registered(t);
      await prove(t, patient.email);
      for (const password of ['Welcome123', 'abcdefgh', 'sahaj123', 'Deshpande2026']) {
        const res = await reset(password);
        expect(res.statusCode, password).toBe(400);
        expect(messageOf(res)).toMatch(/^This password is too easy to guess: .* Choose another/);
        expect(res.json().errors).toEqual([{ field: 'password', message: expect.stringMatching(/^is too easy to guess/) }]);
      }
      expect((await login(t.app(), patient.email, patient.password)).statusCode).toBe(200);
      expect((await reset(newPassword)).statusCode).toBe(200);
    });

    it('tells the proven owner of an address without an account to register', async () => {
      await prove(t, 'new.person@example.com');
      const res = await reset(newPassword, 'new.person@example.com');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'account.noAccount', message: 'There is no account with this email. Please register first.' });
      // The proof is still good for registering.
      expect((await register(t.app(), { email: 'new.person@example.com' })).statusCode).toBe(200);
    });

    it('lifts the login throttle of that address', async () => {
      await registered(t);
      for (let i = 0; i < 5; i++) await login(t.app(), patient.email, 'forgotten', '203.0.113.1');
      expect((await login(t.app(), patient.email, 'forgotten', '203.0.113.1')).statusCode).toBe(429);
      await prove(t, patient.email);
      expect((await reset(newPassword)).statusCode).toBe(200);
      expect((await login(t.app(), patient.email, newPassword, '203.0.113.1')).statusCode).toBe(200);
    });
  });

  describe('for Google sign-in', () => {
    it('findOrCreateFromIdentity makes a Google account once, and sessions.issue logs it in', async () => {
      const services = t.services();
      const made = await services.accounts.findOrCreateFromIdentity({ email: 'Gita.Rao@Example.com', firstName: ' Gita ', lastName: 'Rao' });
      expect(made).toEqual({
        _id: expect.any(String),
        firstName: 'Gita',
        lastName: 'Rao',
        email: 'gita.rao@example.com',
        age: null,
        gender: null,
        phoneNumber: null,
        signInMethod: 'google',
        role: 'patient',
        hasPassword: false,
        phoneVerified: false,
      });
      const again = await services.accounts.findOrCreateFromIdentity({ email: 'gita.rao@example.com', firstName: 'G', lastName: '' });
      expect(again).toEqual(made);

      const answer = await services.sessions.issue(made._id);
      expect(LoginAnswer.is(answer)).toBe(true);
      expect(answer.user).toEqual({ _id: made._id, firstName: 'Gita', lastName: 'Rao', email: 'gita.rao@example.com' });
      const me = await getUser(t.app(), answer.token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'gita.rao@example.com', signInMethod: 'google', age: null });
    });

    it('sessions.issue refuses an id that is no user’s (NotFoundError, a 404)', async () => {
      const { NotFoundError } = await import('../../server/services/errors.js');
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        await expect(t.services().sessions.issue(id)).rejects.toBeInstanceOf(NotFoundError);
      }
      expect((await t.db().query('select 1 from sessions')).rowCount).toBe(0);
    });

    it('findOrCreateFromIdentity returns an existing manual account as it is', async () => {
      const id = await registered(t);
      const services = t.services();
      const user = await services.accounts.findOrCreateFromIdentity({ email: patient.email, firstName: 'Someone', lastName: 'Else' });
      expect(user).toMatchObject({ _id: id, firstName: 'Asha', signInMethod: 'manual', age: 34 });
    });

    it('a Google account can set a password through a reset', async () => {
      const services = t.services();
      await services.accounts.findOrCreateFromIdentity({ email: 'g@example.com', firstName: 'G', lastName: '' });
      await prove(t, 'g@example.com');
      expect((await post(t.app(), '/api/auth/forgotpassword', { email: 'g@example.com', password: 'my own passphrase' })).statusCode).toBe(200);
      expect((await login(t.app(), 'g@example.com', 'my own passphrase')).statusCode).toBe(200);
    });
  });
});
