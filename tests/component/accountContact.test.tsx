/**
 * /account's "Mobile number" and "Email" rows in the rendered app, every call a fake answered by
 * hand: what each row shows (verified or not, "No email yet", Add, Verify or Change), the phone
 * changed with its code and the password (or a code to the account's email instead), the email
 * added with its code, each problem on its field, the session given the saved account, and the
 * profile form no longer editing a verified phone.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import type { FamilyMember } from '../../contract/people';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders';
import type { PhoneChangeFields } from '../../machines/accountContact/phoneChangeParts';
import type { MemberRequest } from '../../machines/people/familyMachine';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import { AppShell } from '../../src/app/App';
import type { PeopleServices } from '../../src/app/people';
import { messages } from '../../src/i18n/messages';
import { AccountContactServicesContext, type AccountContactServices } from '../../src/pages/Account/contactServices';
import { answeredByHand, refused } from '../machines/accountFakes';
import { answer, answerWhenCalled, demoOptions, demoUser, expectOnField, expectToast, fakeAccount, fakeSiteOptionsLogic, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/pages/Account/AccountPage');
}, 30_000);

afterEach(() => sessionStorage.clear());

const c = messages.accountContact;
const asha: User = { ...demoUser, phoneNumber: '+919876543210', phoneVerified: true, hasPassword: true };
const ravi: User = {
  _id: 'u2',
  firstName: 'Ravi',
  lastName: 'Patil',
  email: null,
  age: null,
  gender: null,
  phoneNumber: '+919822012345',
  signInMethod: 'phone',
  role: 'patient',
  hasPassword: false,
  phoneVerified: true,
};

function fakes() {
  const contact = {
    sendPhoneCode: answeredByHand<unknown, { phoneNumber: string; token: string }>(),
    sendProofCode: answeredByHand<unknown, { email: string }>(),
    sendCurrentPhoneCode: answeredByHand<unknown, { token: string }>(),
    changePhone: answeredByHand<User, { request: PhoneChangeFields; token: string }>(),
    sendEmailCode: answeredByHand<unknown, { email: string }>(),
    validateEmailCode: answeredByHand<unknown, { email: string; otp: string }>(),
    changeEmail: answeredByHand<User, { email: string; token: string }>(),
  };
  const contactServices: AccountContactServices = {
    phone: {
      sendPhoneCode: contact.sendPhoneCode.logic,
      sendEmailCode: contact.sendProofCode.logic,
      sendCurrentPhoneCode: contact.sendCurrentPhoneCode.logic,
      changePhone: contact.changePhone.logic,
    },
    email: { sendEmailCode: contact.sendEmailCode.logic, validateEmailCode: contact.validateEmailCode.logic, changeEmail: contact.changeEmail.logic },
  };
  const peopleServices: PeopleServices = {
    family: {
      loadFamily: answeredByHand<FamilyMember[], { token: string }>().logic,
      saveMember: answeredByHand<FamilyMember, { id: string | null; input: MemberRequest; token: string }>().logic,
      archiveMember: answeredByHand<unknown, { id: string; token: string }>().logic,
    },
    profile: { saveProfile: answeredByHand<User, { input: ProfileRequest; token: string }>().logic },
    reminders: {
      loadReminders: answeredByHand<ReminderSettings, { token: string }>().logic,
      saveReminders: answeredByHand<ReminderSettings, { channels: ReminderChannels; token: string }>().logic,
    },
  };
  return { contact, contactServices, peopleServices };
}

async function renderAccount(user: User) {
  const f = fakes();
  const account = fakeAccount({ storedToken: 'tok-stored' });
  render(
    <AccountContactServicesContext.Provider value={f.contactServices}>
      <MemoryRouter initialEntries={['/account']}>
        <AppShell
          siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))}
          accountServices={account.services}
          peopleServices={f.peopleServices}
        />
      </MemoryRouter>
    </AccountContactServicesContext.Provider>,
  );
  await answer(() => account.fetchCurrentUser.latest().resolve(user));
  await screen.findByRole('heading', { name: messages.account.profileTitle, level: 1 });
  return { ...f.contact, account };
}

/** The row of a term (dt) in the profile list. */
const row = (term: string) => screen.getByText(term, { selector: 'dt' }).closest('.profile__row') as HTMLElement;

describe('/account mobile number and email', () => {
  it('shows a verified number and "No email yet", with Change and Add; the profile form no longer edits a verified number', async () => {
    const ui = userEvent.setup();
    await renderAccount(ravi);
    const phone = row(c.phoneLabel);
    expect(within(phone).getByText('+91 98220 12345', { exact: false })).toBeTruthy();
    expect(within(phone).getByText(c.verified)).toBeTruthy();
    expect(within(phone).getByRole('button', { name: c.changePhone }).textContent).toBe(c.change);
    const email = row(c.emailLabel);
    expect(within(email).getByText(c.noEmail)).toBeTruthy();
    expect(within(email).getByRole('button', { name: c.addEmail }).textContent).toBe(c.add);
    await ui.click(screen.getByRole('button', { name: messages.people.editProfile }));
    const form = screen.getByRole('group', { name: messages.people.editProfile });
    expect(within(form).queryByLabelText(messages.account.fields.phoneNumber)).toBeNull();
    expect(within(form).getByText(c.profilePhoneVerified)).toBeTruthy();
  });

  it('an unverified number says so and offers Verify, with the number already in the field', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount({ ...asha, phoneNumber: '9876543210', phoneVerified: false });
    const phone = row(c.phoneLabel);
    expect(within(phone).getByText(c.notVerified)).toBeTruthy();
    await ui.click(within(phone).getByRole('button', { name: c.verifyPhone }));
    const field = within(phone).getByLabelText(c.newPhone);
    expect((field as HTMLInputElement).value).toBe('9876543210');
    expect(document.activeElement).toBe(field);
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    expect(f.sendPhoneCode.latest().input).toEqual({ phoneNumber: '9876543210', token: 'tok-stored' });
  });

  it('changes the number: checked first, a code sent, the code and the password saved, the session fetches the account again', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(asha);
    const phone = row(c.phoneLabel);
    await ui.click(within(phone).getByRole('button', { name: c.changePhone }));
    const number = within(phone).getByLabelText(c.newPhone);
    expect(number.getAttribute('type')).toBe('tel');
    await ui.type(number, '020 2553 1234');
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    expect(f.sendPhoneCode.calls).toHaveLength(0);
    await expectOnField(number, c.mobileInvalid);
    await ui.clear(number);
    await ui.type(number, '98220 12345');
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    expect(f.sendPhoneCode.latest().input).toEqual({ phoneNumber: '98220 12345', token: 'tok-stored' });
    await answer(() => f.sendPhoneCode.latest().resolve({ message: 'sent' }));
    await expectToast(c.phoneCodeSent('+91 98220 12345'), 'status');
    const code = await within(phone).findByLabelText(c.phoneCode);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    expect(within(phone).getByText(c.oldNumberTold)).toBeTruthy();
    const resend = within(phone).getByRole('button', { name: c.resendIn(30) });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    await ui.type(code, '123456');
    await ui.click(within(phone).getByRole('button', { name: c.save }));
    await expectOnField(within(phone).getByLabelText(c.password), messages.account.fieldRequired);
    expect(f.changePhone.calls).toHaveLength(0);
    await ui.type(within(phone).getByLabelText(c.password), 'monsoon evenings');
    await ui.click(within(phone).getByRole('button', { name: c.save }));
    expect(f.changePhone.latest().input).toEqual({ token: 'tok-stored', request: { phoneNumber: '98220 12345', code: '123456', password: 'monsoon evenings' } });
    const fetches = f.account.fetchCurrentUser.calls.length;
    const saved = { ...asha, phoneNumber: '+919822012345' };
    await answer(() => f.changePhone.latest().resolve(saved));
    await expectToast(c.phoneSaved, 'status');
    await waitFor(() => expect(f.account.fetchCurrentUser.calls.length).toBe(fetches + 1));
    await answer(() => f.account.fetchCurrentUser.latest().resolve(saved));
    expect(await within(row(c.phoneLabel)).findByText('+91 98220 12345', { exact: false })).toBeTruthy();
  });

  it('a number another account has (409) is said on the number field', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(asha);
    const phone = row(c.phoneLabel);
    await ui.click(within(phone).getByRole('button', { name: c.changePhone }));
    await ui.type(within(phone).getByLabelText(c.newPhone), '9822012345');
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    await answer(() => f.sendPhoneCode.latest().reject(refused(409, 'This number is on another account.')));
    const number = within(phone).getByLabelText(c.newPhone);
    expect((number as HTMLInputElement).value).toBe('9822012345');
    await expectOnField(number, c.phoneTaken);
  });

  it('instead of the password, a code to the account’s email; the server’s word on a wrong one shows on its field', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(asha);
    const phone = row(c.phoneLabel);
    await ui.click(within(phone).getByRole('button', { name: c.changePhone }));
    await ui.type(within(phone).getByLabelText(c.newPhone), '9822012345');
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    await answer(() => f.sendPhoneCode.latest().resolve({ message: 'sent' }));
    await ui.click(await within(phone).findByRole('button', { name: c.useEmailInstead }));
    expect(f.sendProofCode.latest().input).toEqual({ email: 'asha@example.in' });
    await answer(() => f.sendProofCode.latest().resolve({ message: 'sent' }));
    expect(within(phone).queryByLabelText(c.password)).toBeNull();
    await ui.type(within(phone).getByLabelText(c.phoneCode), '123456');
    await ui.type(within(phone).getByLabelText(c.emailCode), '654321');
    await ui.click(within(phone).getByRole('button', { name: c.save }));
    expect(f.changePhone.latest().input.request).toEqual({ phoneNumber: '9822012345', code: '123456', emailCode: '654321' });
    await answer(() =>
      f.changePhone.latest().reject({ _tag: 'HttpFailure', status: 400, message: 'Please correct the marked fields.', errors: [{ field: 'emailCode', message: 'is wrong or expired' }] }),
    );
    await expectOnField(within(phone).getByLabelText(c.emailCode), 'Is wrong or expired.');
    await ui.click(within(phone).getByRole('button', { name: c.usePasswordInstead }));
    expect(within(phone).getByLabelText(c.password)).toBeTruthy();
  });

  it('an account without a password proves the change with a code to its current number, sent at once', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(ravi);
    const phone = row(c.phoneLabel);
    await ui.click(within(phone).getByRole('button', { name: c.changePhone }));
    await ui.type(within(phone).getByLabelText(c.newPhone), '9822099999');
    await ui.click(within(phone).getByRole('button', { name: c.sendCode }));
    await answer(() => f.sendPhoneCode.latest().resolve({ message: 'sent' }));
    expect(f.sendCurrentPhoneCode.latest().input).toEqual({ token: 'tok-stored' });
    // The number alone cannot be saved: no Save until the current number's code is on its way.
    await answer(() => f.sendCurrentPhoneCode.latest().reject(refused(429, 'Too many codes were sent to this number.')));
    await expectToast('Too many codes were sent to this number.', 'alert');
    expect(within(phone).queryByRole('button', { name: c.save })).toBeNull();
    await ui.click(within(phone).getByRole('button', { name: c.sendProofCode }));
    await answer(() => f.sendCurrentPhoneCode.latest().resolve({ message: 'sent' }));
    await expectToast(c.currentCodeSent('+91 98220 12345'), 'status');
    expect(within(phone).queryByLabelText(c.password)).toBeNull();
    expect(within(phone).queryByRole('button', { name: c.useEmailInstead })).toBeNull();
    await ui.type(within(phone).getByLabelText(c.phoneCode), '123 456');
    await ui.click(within(phone).getByRole('button', { name: c.save }));
    expect(f.changePhone.calls).toHaveLength(0);
    await expectOnField(within(phone).getByLabelText(c.currentCode), messages.account.fieldRequired);
    await ui.type(within(phone).getByLabelText(c.currentCode), '654321');
    await ui.click(within(phone).getByRole('button', { name: c.save }));
    expect(f.changePhone.latest().input.request).toEqual({ phoneNumber: '9822099999', code: '123456', currentCode: '654321' });
  });

  it('adds an email: the address, its code (a wrong one on the field), then saved; the session fetches the account again', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(ravi);
    const email = row(c.emailLabel);
    await ui.click(within(email).getByRole('button', { name: c.addEmail }));
    const address = within(email).getByLabelText(c.newEmail);
    expect(document.activeElement).toBe(address);
    await ui.type(address, 'ravi@');
    await ui.click(within(email).getByRole('button', { name: c.sendCode }));
    await expectOnField(address, c.emailInvalid);
    await ui.type(address, 'example.in');
    await ui.click(within(email).getByRole('button', { name: c.sendCode }));
    expect(f.sendEmailCode.latest().input).toEqual({ email: 'ravi@example.in' });
    await answer(() => f.sendEmailCode.latest().resolve({ message: 'sent' }));
    const code = await within(email).findByLabelText(c.emailCode);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await ui.type(code, '111111');
    await ui.click(within(email).getByRole('button', { name: c.verifyAndSave }));
    expect(f.validateEmailCode.latest().input).toEqual({ email: 'ravi@example.in', otp: '111111' });
    await answer(() => f.validateEmailCode.latest().reject(refused(400, 'Invalid email OTP. Please try again.')));
    await expectOnField(within(email).getByLabelText(c.emailCode), 'Invalid email OTP. Please try again.');
    await ui.clear(within(email).getByLabelText(c.emailCode));
    await ui.type(within(email).getByLabelText(c.emailCode), '123456');
    await ui.click(within(email).getByRole('button', { name: c.verifyAndSave }));
    await answer(() => f.validateEmailCode.latest().resolve({ message: 'ok' }));
    expect(f.changeEmail.latest().input).toEqual({ email: 'ravi@example.in', token: 'tok-stored' });
    const fetches = f.account.fetchCurrentUser.calls.length;
    const saved = { ...ravi, email: 'ravi@example.in' };
    await answer(() => f.changeEmail.latest().resolve(saved));
    await expectToast(c.emailSaved, 'status');
    await waitFor(() => expect(f.account.fetchCurrentUser.calls.length).toBe(fetches + 1));
    await answer(() => f.account.fetchCurrentUser.latest().resolve(saved));
    expect(await within(row(c.emailLabel)).findByText('ravi@example.in')).toBeTruthy();
    expect(within(row(c.emailLabel)).getByRole('button', { name: c.changeEmail })).toBeTruthy();
  });

  it('an email another account has (409) goes back to the address, said on its field', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount(asha);
    const email = row(c.emailLabel);
    await ui.click(within(email).getByRole('button', { name: c.changeEmail }));
    await ui.type(within(email).getByLabelText(c.newEmail), 'asha.verma@example.in');
    await ui.click(within(email).getByRole('button', { name: c.sendCode }));
    await answer(() => f.sendEmailCode.latest().resolve({ message: 'sent' }));
    await ui.type(await within(email).findByLabelText(c.emailCode), '123456');
    await ui.click(within(email).getByRole('button', { name: c.verifyAndSave }));
    await answer(() => f.validateEmailCode.latest().resolve({ message: 'ok' }));
    await answerWhenCalled(f.changeEmail, (call) => call.reject(refused(409, 'This email is on another account.')));
    await expectOnField(within(email).getByLabelText(c.newEmail), c.emailTaken);
  });
});
