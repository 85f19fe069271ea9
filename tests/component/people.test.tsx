/**
 * Who the appointment is for, in the rendered app with fake calls answered by hand:
 * the booking popup's details step (a blank first name and the phone `12` named on their fields,
 * checked before any request, the focus on the first; the server's 400 on its field; the
 * teleconsultation consent; booking for a family member, a minor's note; a Google account asked
 * for phone, age and gender), and /account's profile edit, family members, "Set a password" and
 * the reminder switches.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments';
import type { User } from '../../contract/auth';
import type { FamilyMember } from '../../contract/people';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders';
import type { AppointmentFeeList, Doctor } from '../../contract/site';
import type { BookingRequest, PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';
import { clinicToday } from '../../contract/clinicTime';
import type { MemberRequest } from '../../machines/people/familyMachine';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import { AppShell } from '../../src/app/App';
import type { BookingServices } from '../../src/app/booking';
import type { PeopleServices } from '../../src/app/people';
import { messages } from '../../src/i18n/messages';
import { answeredByHand, refused } from '../machines/accountFakes';
import { anita, appointmentFor, doctors, fees, kavita, someFree, type SlotsInput } from '../machines/bookingFakes';
import { answer, answerWhenCalled, demoOptions, demoUser, fakeAccount, fakeSiteOptionsLogic, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await Promise.all([import('../../src/components/Booking/BookingPopup'), import('../../src/pages/Account/AccountPage')]);
}, 30_000);

afterEach(() => sessionStorage.clear());

const day = (() => {
  const d = new Date(`${clinicToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 3);
  return d.toISOString().slice(0, 10);
})();

const riya: FamilyMember = { _id: '11111111-1111-4111-8111-111111111111', firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female', relation: 'Daughter' };

function fakes() {
  const booking = {
    loadDoctors: answeredByHand<Doctor[], unknown>(),
    loadFees: answeredByHand<AppointmentFeeList, unknown>(),
    loadTimeSlots: answeredByHand<TimeSlot[], SlotsInput>(),
    addAppointment: answeredByHand<AppointmentRecord, { request: BookingRequest; token: string }>(),
    createPayment: answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>(),
  };
  const people = {
    loadFamily: answeredByHand<FamilyMember[], { token: string }>(),
    saveMember: answeredByHand<FamilyMember, { id: string | null; input: MemberRequest; token: string }>(),
    archiveMember: answeredByHand<unknown, { id: string; token: string }>(),
    saveProfile: answeredByHand<User, { input: ProfileRequest; token: string }>(),
    loadReminders: answeredByHand<ReminderSettings, { token: string }>(),
    saveReminders: answeredByHand<ReminderSettings, { channels: ReminderChannels; token: string }>(),
  };
  const bookingServices: BookingServices = {
    actors: {
      loadDoctors: booking.loadDoctors.logic,
      loadFees: booking.loadFees.logic,
      loadTimeSlots: booking.loadTimeSlots.logic,
      addAppointment: booking.addAppointment.logic,
      createPayment: booking.createPayment.logic,
    },
    checkoutOrigins: () => Promise.resolve([]),
    leaveFor: () => undefined,
  };
  const peopleServices: PeopleServices = {
    family: { loadFamily: people.loadFamily.logic, saveMember: people.saveMember.logic, archiveMember: people.archiveMember.logic },
    profile: { saveProfile: people.saveProfile.logic },
    reminders: { loadReminders: people.loadReminders.logic, saveReminders: people.saveReminders.logic },
  };
  return { booking, people, bookingServices, peopleServices };
}

async function renderApp(route: string, user: User = demoUser) {
  const f = fakes();
  const account = fakeAccount({ storedToken: 'tok-stored' });
  render(
    <MemoryRouter initialEntries={[route]}>
      <AppShell
        siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))}
        accountServices={account.services}
        bookingServices={f.bookingServices}
        peopleServices={f.peopleServices}
      />
    </MemoryRouter>,
  );
  await answer(() => account.fetchCurrentUser.latest().resolve(user));
  await screen.findByRole('button', { name: 'My Profile' });
  return { ...f, account };
}

async function openAndChoose(ui: ReturnType<typeof userEvent.setup>, f: ReturnType<typeof fakes>, { doctor = anita, type = 'Clinic Visit', location = 'Andheri West' } = {}) {
  await ui.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await answerWhenCalled(f.booking.loadDoctors, (call) => call.resolve(doctors));
  await answerWhenCalled(f.booking.loadFees, (call) => call.resolve(fees));
  await ui.selectOptions(within(dialog).getByLabelText('Location'), location);
  await ui.selectOptions(await within(dialog).findByLabelText('Doctor'), doctor.email);
  await ui.selectOptions(await within(dialog).findByLabelText('Consultation type'), type);
  fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: day } });
  await waitFor(() => expect(f.booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
  await answer(() => f.booking.loadTimeSlots.latest().resolve(someFree));
  await ui.click(within(dialog).getByRole('radio', { name: '10:00' }));
  return dialog;
}

const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the booking popup’s patient details', () => {
  it('a blank first name and the phone 12 are named on their fields before any request; fixing one clears its error', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/');
    const dialog = await openAndChoose(ui, f);
    const firstName = within(dialog).getByLabelText('First name');
    const phone = within(dialog).getByLabelText('Phone number');
    await ui.clear(firstName);
    await ui.clear(phone);
    await ui.type(phone, '12');
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(f.booking.addAppointment.calls).toHaveLength(0);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(described(firstName)).toBe('First name is required');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(described(phone)).toBe('Phone number must be a 10-digit phone number');
    expect(document.activeElement).toBe(firstName);
    // No toast says "Invalid request".
    expect(screen.queryByText('Invalid request')).toBeNull();

    await ui.type(firstName, 'Asha');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await ui.clear(phone);
    await ui.type(phone, '9876543210');
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(f.booking.addAppointment.calls).toHaveLength(1));
    expect(f.booking.addAppointment.latest().input.request).toMatchObject({ firstName: 'Asha', phoneNumber: '9876543210' });
    expect(f.booking.addAppointment.latest().input.request).not.toHaveProperty('consentText');
  });

  it("the server's 400 naming a field shows on that field, focused, with no toast", async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/');
    const dialog = await openAndChoose(ui, f);
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(f.booking.addAppointment.calls).toHaveLength(1));
    await answer(() =>
      f.booking.addAppointment.latest().reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'age', message: 'must be a whole number from 1 to 120' }] }),
    );
    const age = within(dialog).getByLabelText('Age');
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(described(age)).toBe('Age must be a whole number from 1 to 120');
    expect(document.activeElement).toBe(age);
    expect(screen.queryByText('Invalid request')).toBeNull();
  });

  it('a Video consultation asks for the teleconsultation consent, and sends its words', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/');
    const dialog = await openAndChoose(ui, f, { doctor: kavita, type: 'Video', location: 'Online (Chat, Video, Call)' });
    const consent = within(dialog).getByLabelText(messages.people.consent);
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(f.booking.addAppointment.calls).toHaveLength(0);
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(described(consent)).toBe(messages.people.consentRequired);
    expect(document.activeElement).toBe(consent);
    await ui.click(consent);
    expect(consent.getAttribute('aria-invalid')).toBeNull();
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(f.booking.addAppointment.calls).toHaveLength(1));
    expect(f.booking.addAppointment.latest().input.request.consentText).toBe(messages.people.consent);
  });

  it('books for a family member picked from the list; a minor shows the adult-present note', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/');
    const dialog = await openAndChoose(ui, f, { doctor: kavita, type: 'Video', location: 'Online (Chat, Video, Call)' });
    await ui.click(within(dialog).getByRole('radio', { name: 'Someone else' }));
    await waitFor(() => expect(f.people.loadFamily.calls).toHaveLength(1));
    expect(f.people.loadFamily.latest().input).toEqual({ token: 'tok-stored' });
    await answer(() => f.people.loadFamily.latest().resolve([riya]));
    await ui.selectOptions(within(dialog).getByLabelText('Who is the appointment for?'), riya._id);
    expect(within(dialog).getByText(messages.people.minorNote)).toBeTruthy();
    expect(within(dialog).queryByLabelText('First name')).toBeNull();
    await ui.click(within(dialog).getByLabelText(messages.people.consent));
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(f.booking.addAppointment.calls).toHaveLength(1));
    const { request } = f.booking.addAppointment.latest().input;
    expect(request).toMatchObject({ familyMemberId: riya._id, firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female', email: 'asha@example.in' });
    await answer(() => f.booking.addAppointment.latest().resolve(appointmentFor(request)));
  });

  it('Someone else with nobody chosen is named on the field; a member added inline is chosen', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/');
    const dialog = await openAndChoose(ui, f);
    await ui.click(within(dialog).getByRole('radio', { name: 'Someone else' }));
    await answer(() => f.people.loadFamily.latest().resolve([]));
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(f.booking.addAppointment.calls).toHaveLength(0);
    expect(within(dialog).getByText(/Family member: is required/)).toBeTruthy();

    const form = within(dialog).getByRole('group', { name: 'Add a family member' });
    await ui.click(within(form).getByRole('button', { name: 'Add a family member' }));
    expect(f.people.saveMember.calls).toHaveLength(0);
    expect(within(form).getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(form).getByLabelText('First name'));
    await ui.type(within(form).getByLabelText('First name'), 'Vasant');
    await ui.type(within(form).getByLabelText('Last name'), 'Verma');
    await ui.type(within(form).getByLabelText('Age'), '72');
    await ui.selectOptions(within(form).getByLabelText('Gender'), 'male');
    await ui.type(within(form).getByLabelText('Relation'), 'Father');
    await ui.click(within(form).getByRole('button', { name: 'Add a family member' }));
    await waitFor(() => expect(f.people.saveMember.calls).toHaveLength(1));
    const vasant: FamilyMember = { _id: '22222222-2222-4222-8222-222222222222', firstName: 'Vasant', lastName: 'Verma', age: 72, gender: 'male', relation: 'Father' };
    await answer(() => f.people.saveMember.latest().resolve(vasant));
    expect((within(dialog).getByLabelText('Who is the appointment for?') as HTMLSelectElement).value).toBe(vasant._id);
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(f.booking.addAppointment.calls).toHaveLength(1));
    expect(f.booking.addAppointment.latest().input.request).toMatchObject({ familyMemberId: vasant._id, firstName: 'Vasant' });
  });

  it('a Google account without phone, age and gender is asked for them, once, in the details step', async () => {
    const ui = userEvent.setup();
    const google: User = { ...demoUser, phoneNumber: null, age: null, gender: null, signInMethod: 'google', hasPassword: false };
    const f = await renderApp('/', google);
    const dialog = await openAndChoose(ui, f);
    expect(within(dialog).getByText(messages.people.profileOnceNote)).toBeTruthy();
    expect((within(dialog).getByLabelText('Phone number') as HTMLInputElement).value).toBe('');
    await ui.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(f.booking.addAppointment.calls).toHaveLength(0);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Phone number'));
    expect(described(within(dialog).getByLabelText('Phone number'))).toBe('Phone number is required');
    expect(described(within(dialog).getByLabelText('Age'))).toBe('Age is required');
    expect(within(dialog).getByLabelText('Age').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Gender').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('/account', () => {
  it('edits the profile, each problem on its field before any request; saved, the session fetches the user again', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/account');
    await answer(() => f.people.loadFamily.latest().resolve([]));
    await ui.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = screen.getByRole('group', { name: 'Edit profile' });
    const phone = within(form).getByLabelText('Phone number');
    await ui.clear(phone);
    await ui.type(phone, '12');
    await ui.click(within(form).getByRole('button', { name: 'Save' }));
    expect(f.people.saveProfile.calls).toHaveLength(0);
    // A phone not verified yet stays editable here, with a word that Mobile number verifies it.
    expect(described(phone)).toBe(`${messages.accountContact.profilePhoneUnverified} Phone number must be a 10-digit phone number`);
    expect(document.activeElement).toBe(phone);
    await ui.clear(phone);
    await ui.type(phone, '98765 11111');
    await ui.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(f.people.saveProfile.calls).toHaveLength(1));
    expect(f.people.saveProfile.latest().input).toEqual({
      token: 'tok-stored',
      input: { firstName: 'Asha', lastName: 'Verma', phoneNumber: '98765 11111', age: 34, gender: 'female' },
    });
    const fetches = f.account.fetchCurrentUser.calls.length;
    await answer(() => f.people.saveProfile.latest().resolve({ ...demoUser, phoneNumber: '9876511111' }));
    await waitFor(() => expect(f.account.fetchCurrentUser.calls.length).toBe(fetches + 1));
  });

  it('lists family members and removes one', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/account');
    await answer(() => f.people.loadFamily.latest().resolve([riya]));
    expect(await screen.findByText('Riya Verma')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Remove Riya Verma' }));
    expect(f.people.archiveMember.latest().input).toEqual({ id: riya._id, token: 'tok-stored' });
    await answer(() => f.people.archiveMember.latest().resolve({ message: 'Family member removed.' }));
    await waitFor(() => expect(screen.queryByText('Riya Verma')).toBeNull());
  });

  it('shows "Set a password" instead of a masked password for an account with none', async () => {
    const google: User = { ...demoUser, signInMethod: 'google', hasPassword: false };
    await renderApp('/account', google);
    expect(await screen.findByRole('link', { name: 'Set a password' })).toBeTruthy();
    expect(screen.getByText(messages.people.noPassword)).toBeTruthy();
  });

  it('a mobile sign-up without a password: says it signs in by its number; with no email, asks for one first instead of a "Set a password" it could not use', async () => {
    const phoneUser: User = { ...demoUser, email: null, signInMethod: 'phone', hasPassword: false, phoneVerified: true };
    await renderApp('/account', phoneUser);
    expect(await screen.findByText(messages.people.noPasswordPhone)).toBeTruthy();
    expect(screen.getByText(messages.people.passwordNeedsEmail)).toBeTruthy();
    expect(screen.queryByText(messages.people.noPassword)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Set a password' })).toBeNull();
    // Nothing by email reaches it: the reminders say so instead of promising confirmations by email.
    const reminders = screen.getByRole('region', { name: 'Appointment reminders' });
    expect(within(reminders).getByText(messages.people.remindersIntroNoEmail)).toBeTruthy();
    expect(within(reminders).queryByText(messages.people.remindersIntro)).toBeNull();
  });

  it('a mobile sign-up that added an email: "Set a password" (its code goes to that email)', async () => {
    const phoneUser: User = { ...demoUser, signInMethod: 'phone', hasPassword: false, phoneVerified: true };
    await renderApp('/account', phoneUser);
    expect(await screen.findByRole('link', { name: 'Set a password' })).toBeTruthy();
    expect(screen.getByText(messages.people.noPasswordPhone)).toBeTruthy();
    expect(screen.queryByText(messages.people.passwordNeedsEmail)).toBeNull();
  });

  it('reminder switches: only the channels the clinic has, each saved as turned; a refusal puts it back with a toast', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/account');
    expect(f.people.loadReminders.latest().input).toEqual({ token: 'tok-stored' });
    await answer(() =>
      f.people.loadReminders.latest().resolve({ channels: { email: true, sms: true, whatsapp: true }, available: { sms: true, whatsapp: false } }),
    );
    const section = screen.getByRole('region', { name: 'Appointment reminders' });
    const email = within(section).getByRole('switch', { name: 'Email' });
    const sms = within(section).getByRole('switch', { name: 'SMS' });
    // WhatsApp is not set up at this clinic: not offered, whatever the account once chose.
    expect(within(section).queryByRole('switch', { name: 'WhatsApp' })).toBeNull();
    expect((email as HTMLInputElement).checked).toBe(true);
    expect(described(email)).toBe(demoUser.email);
    expect(described(sms)).toBe('To the phone number given with each appointment.');

    await ui.click(sms);
    expect(f.people.saveReminders.latest().input).toEqual({ token: 'tok-stored', channels: { email: true, sms: false, whatsapp: true } });
    expect((sms as HTMLInputElement).checked).toBe(false);
    expect(email.matches(':disabled')).toBe(true);
    await answer(() =>
      f.people.saveReminders.latest().resolve({ channels: { email: true, sms: false, whatsapp: true }, available: { sms: true, whatsapp: false } }),
    );
    expect(await screen.findByText('Your reminder settings are saved.')).toBeTruthy();
    expect((sms as HTMLInputElement).checked).toBe(false);

    await ui.click(email);
    expect(f.people.saveReminders.calls).toHaveLength(2);
    await answer(() => f.people.saveReminders.latest().reject(refused(429, 'Too many requests. Please try again later.')));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(true));
    expect(email.matches(':disabled')).toBe(false);
  });

  it('reminders: a failed load offers a retry; WhatsApp alone set up, only it is offered beside email', async () => {
    const ui = userEvent.setup();
    const f = await renderApp('/account');
    await answer(() => f.people.loadReminders.latest().reject({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
    const section = screen.getByRole('region', { name: 'Appointment reminders' });
    expect(within(section).getByRole('alert').textContent).toContain('Your reminder settings could not be loaded.');
    await ui.click(within(section).getByRole('button', { name: 'Try again' }));
    await answer(() =>
      f.people.loadReminders.latest().resolve({ channels: { email: true, sms: false, whatsapp: false }, available: { sms: false, whatsapp: true } }),
    );
    const whatsapp = await within(section).findByRole('switch', { name: 'WhatsApp' });
    expect(described(whatsapp)).toBe('To the phone number given with each appointment.');
    expect(within(section).queryByRole('switch', { name: 'SMS' })).toBeNull();
  });
});
