/**
 * The join on a proven email, on every backend: a patient the desk registered with an email
 * becomes the account of whoever proves that email (registration with an email code, Google's
 * verified address), in place, with the visits the desk booked; never by the same phone or name.
 * The desk's row cannot log in, reset a password or take a staff role before.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { cheapCost, getUser, login, post, prove, register, useAccountsApp, type AccountsApp } from './accountsSupport.js';
import { deskOk, seedIds } from './deskSupport.js';
import type { Patient } from './paymentSupport.js';

const deskEmail = 'asha.deshpande@example.com';

async function receptionOf(t: AccountsApp): Promise<Patient> {
  const { rows } = await t.db().query<{ id: string }>(
    `insert into users (email, first_name, last_name, sign_in_method, role) values ('desk@sahaj-clinic.example', 'Desk', 'One', 'google', 'reception') returning id`,
  );
  const { token } = await t.services().sessions.issue(rows[0]!.id);
  return { id: rows[0]!.id, email: 'desk@sahaj-clinic.example', token, headers: { authorization: `Bearer ${token}` } };
}

/** A desk patient with `email` and a Clinic Visit booked for them today at 11:00 (fee due). */
async function deskPatientWithVisit(t: AccountsApp, email: string | undefined) {
  const reception = await receptionOf(t);
  const ids = await seedIds(t.db());
  const { patient } = await deskOk(t.app(), reception, 'POST', '/patients', {
    firstName: 'Asha', lastName: 'D', phoneNumber: '+91 98765-43210', age: 60, gender: 'female', ...(email ? { email } : {}),
  });
  const visit = await deskOk(t.app(), reception, 'POST', '/bookings', {
    patientId: patient._id, doctorId: ids.meera, locationId: ids.aundh, date: '2025-03-11', startTime: '11:00', consultationType: 'Clinic Visit', fee: { pay: 'later' },
  });
  return { patient, visit };
}

const userRow = async (t: AccountsApp, id: string) =>
  (
    await t.db().query<{ sign_in_method: string; has_password: boolean; first_name: string; last_name: string; age: number; email: string }>(
      'select sign_in_method, password_hash is not null as has_password, first_name, last_name, age, email from users where id = $1',
      [id],
    )
  ).rows[0];

describe.each(backends)('the desk join on %s', (backend) => {
  const t = useAccountsApp(backend, { services: { passwordCost: cheapCost } });

  it('a registration with a proven email turns the desk\'s patient into the account, visits and all', async () => {
    const { patient, visit } = await deskPatientWithVisit(t, deskEmail);
    // Before: the desk's row cannot log in, and has no password to reset.
    expect((await login(t.app(), deskEmail, 'monsoon garden lantern')).statusCode).toBe(401);
    await prove(t, deskEmail);
    const reset = await post(t.app(), '/api/auth/forgotpassword', { email: deskEmail, password: 'another river window', otp: '123456' });
    expect(reset.statusCode).toBe(404);

    const res = await register(t.app());
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(patient._id);
    expect(await userRow(t, patient._id)).toEqual({
      sign_in_method: 'manual', has_password: true, first_name: 'Asha', last_name: 'Deshpande', age: 34, email: deskEmail,
    });
    const token = (await login(t.app(), deskEmail, 'monsoon garden lantern')).json().token as string;
    expect((await getUser(t.app(), token)).json()).toMatchObject({ _id: patient._id, signInMethod: 'manual' });
    const mine = await t.app().inject({ method: 'GET', url: `/api/auth/getUser/${deskEmail}`, headers: { authorization: `Bearer ${token}` } });
    expect(mine.json().map((a: { _id: string }) => a._id)).toEqual([visit._id]);
    const { rows } = await t.db().query<{ action: string; actor_role: string; subject_user_id: string }>(
      `select action, actor_role, subject_user_id from audit_log where action = 'patient.joined'`,
    );
    expect(rows).toEqual([{ action: 'patient.joined', actor_role: 'patient', subject_user_id: patient._id }]);
    // Registering again with the same proven email is the ordinary 409.
    await prove(t, deskEmail);
    expect((await register(t.app())).statusCode).toBe(409);
  });

  it('Google sign-in with the verified email turns the desk\'s patient into the account, keeping the desk\'s details', async () => {
    const { patient } = await deskPatientWithVisit(t, deskEmail);
    const user = await t.services().accounts.findOrCreateFromIdentity({ email: 'Asha.Deshpande@example.com', firstName: 'Asha', lastName: 'Deshpande' });
    expect(user).toMatchObject({ _id: patient._id, signInMethod: 'google', firstName: 'Asha', lastName: 'Deshpande', age: 60, phoneNumber: '+919876543210' });
    expect((await userRow(t, patient._id))!.sign_in_method).toBe('google');
    // The second sign-in finds the account as it is.
    expect((await t.services().accounts.findOrCreateFromIdentity({ email: deskEmail, firstName: 'A', lastName: 'B' }))._id).toBe(patient._id);
    expect((await userRow(t, patient._id))!.first_name).toBe('Asha');
  });

  it('never joins by the same phone or name: a different email is a new account, the desk\'s row stays as it was', async () => {
    const { patient } = await deskPatientWithVisit(t, undefined);
    await prove(t, 'someone.else@example.com');
    const res = await register(t.app(), { email: 'someone.else@example.com', firstName: 'Asha', lastName: 'D' });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).not.toBe(patient._id);
    expect(await userRow(t, patient._id)).toMatchObject({ sign_in_method: 'desk', has_password: false, email: null });
    const google = await t.services().accounts.findOrCreateFromIdentity({ email: 'third@example.com', firstName: 'Asha', lastName: 'D' });
    expect(google._id).not.toBe(patient._id);
  });

  it('gives the desk\'s patient no staff role', async () => {
    await deskPatientWithVisit(t, deskEmail);
    const { rows } = await t.db().query<{ id: string }>(
      `insert into users (email, first_name, sign_in_method, role) values ('boss@sahaj-clinic.example', 'Boss', 'google', 'admin') returning id`,
    );
    const { token } = await t.services().sessions.issue(rows[0]!.id);
    const res = await t.app().inject({ method: 'PUT', url: '/api/staff/accounts/role', headers: { authorization: `Bearer ${token}` }, payload: { email: deskEmail, role: 'reception' } });
    expect(res.statusCode).toBe(404);
    const desk = await t.db().query<{ role: string }>('select role from users where email = $1', [deskEmail]);
    expect(desk.rows).toEqual([{ role: 'patient' }]);
  });
});
