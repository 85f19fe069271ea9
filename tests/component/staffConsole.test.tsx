/**
 * The staff console's shell and lists wired to the real machines, with fake calls answered by
 * hand: who may enter (role gates), the sections by role, Today and Upcoming with an admin's
 * filters, the audit log, and each section's page title.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinic } from '../../src/content/clinic';
import { refused, refusedPlainly, unanswered } from '../machines/accountFakes';
import { adminDoctor, adminMe, auditEntry, doctorMe, receptionMe, staffAppointment, today } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, expectToast, refuseToken } from './support';

const navigation = () => screen.getByRole('navigation', { name: 'Staff console sections' });
const path = () => screen.getByTestId('path').textContent;
/** The console's own announcement of that role (the toast region has live regions too). */
function consoleState(role: 'status' | 'alert'): HTMLElement {
  const found = screen.getAllByRole(role).find((element) => element.classList.contains('staff-state'));
  if (!found) throw new Error(`no ${role} in the console`);
  return found;
}

describe('who may enter', () => {
  it('asks the server with the session token while it says it is checking', async () => {
    const { fake } = await renderConsole();
    expect(fake.fetchStaffMe.latest().input).toEqual({ token: 'tok-stored' });
    expect(consoleState('status').textContent).toBe('Checking your staff access…');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("a patient reads the server's refusal and sees no section", async () => {
    const { fake } = await renderConsole();
    await answer(() => fake.fetchStaffMe.latest().reject(refused(403, 'This is for clinic staff only.')));
    expect(screen.getByText('This is for clinic staff only.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(fake.loadAppointments.calls).toHaveLength(0);
  });

  it('a refusal without words still says it is for staff only', async () => {
    const { fake } = await renderConsole();
    await answer(() => fake.fetchStaffMe.latest().reject(refusedPlainly(403)));
    expect(screen.getByText('This is for clinic staff only.')).toBeTruthy();
  });

  it('no answer offers a retry that asks again', async () => {
    const user = userEvent.setup();
    const { fake } = await renderConsole();
    await answer(() => fake.fetchStaffMe.latest().reject(unanswered));
    const alert = consoleState('alert');
    expect(alert.textContent).toContain('We could not reach the server to check your staff access.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(fake.fetchStaffMe.calls).toHaveLength(2);
    await answer(() => fake.fetchStaffMe.latest().resolve(doctorMe));
    expect(navigation()).toBeTruthy();
  });

  it('a 401 ends the session, through the request base (a refusal without words says nothing)', async () => {
    const { fake, account } = await renderConsole();
    await refuseToken((failure) => fake.fetchStaffMe.latest().reject(failure));
    await waitFor(() => expect(account.storage.token).toBeNull());
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });
});

describe('sections by role', () => {
  it("a doctor gets Today, Upcoming, their Queue and Day list, their own Insights, and /staff opens today's list", async () => {
    await renderConsole({ me: doctorMe });
    const links = within(navigation()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Today', 'Upcoming', 'My signature', 'Queue', 'Day list', 'Insights']);
    expect(path()).toBe('/staff/today');
    expect(screen.getByText('Signed in as Anita Rao (doctor)')).toBeTruthy();
  });

  it('a doctor asking for an admin section is told there is no such section', async () => {
    const { fake } = await renderConsole({ path: '/staff/audit', me: doctorMe });
    expect(screen.getByText('There is no such section in the staff console.')).toBeTruthy();
    expect(fake.loadAudit.calls).toHaveLength(0);
    await renderConsole({ path: '/staff/admin/doctors', me: doctorMe });
    expect(screen.queryByText('Doctors section')).toBeNull();
  });

  it("an admin gets the doctor's sections, the admin sections and the audit log", async () => {
    const user = userEvent.setup();
    await renderConsole({ me: adminMe });
    const links = within(navigation()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Today', 'Upcoming', 'Signatures', 'Desk', 'Queue', 'Day list', 'Waitlist', 'Dispensary', 'Insights', 'Doctors', 'Fees', 'Audit log']);
    await user.click(within(navigation()).getByRole('link', { name: 'Doctors' }));
    expect(path()).toBe('/staff/admin/doctors');
    expect(screen.getByRole('heading', { name: 'Doctors section' })).toBeTruthy();
    expect(within(navigation()).getByRole('link', { name: 'Doctors' }).getAttribute('aria-current')).toBe('page');
  });

  it('reception gets the lists, the Desk, the Queue, the Day list, the Waitlist and the Dispensary, opens on the Desk, and no audit log or admin section', async () => {
    const { fake } = await renderConsole({ me: receptionMe });
    const links = within(navigation()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Today', 'Upcoming', 'Desk', 'Queue', 'Day list', 'Waitlist', 'Dispensary']);
    expect(path()).toBe('/staff/desk');
    expect(screen.getByText('Signed in as Sunita Pawar (reception)')).toBeTruthy();
    expect(fake.desk.loadDoctors.latest().input).toEqual({ token: 'tok-stored', query: { role: 'reception', email: 'desk@clinic.in' } });
    await renderConsole({ path: '/staff/audit', me: receptionMe });
    expect(screen.getByText('There is no such section in the staff console.')).toBeTruthy();
    await renderConsole({ path: '/staff/admin/doctors', me: receptionMe });
    expect(screen.queryByText('Doctors section')).toBeNull();
  });

  it("reception's appointment lists have the admin's doctor and location filters", async () => {
    const { fake } = await renderConsole({ path: '/staff/today', me: receptionMe });
    expect(fake.loadFilterDoctors.calls).toHaveLength(1);
  });

  it("the console has its own bar: the clinic's name back to the site, who is signed in, Sign out; no public menu or Book button", async () => {
    const user = userEvent.setup();
    const { account } = await renderConsole({ me: doctorMe });
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: /Sahaj Homeopathy Clinic/ }).getAttribute('href')).toBe('/');
    expect(within(bar).getByRole('navigation', { name: 'Staff console sections' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Gallery' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Sign out' }));
    expect(path()).toBe('/');
    await waitFor(() => expect(account.storage.token).toBeNull());
  });

  it('the section list collapses behind a button on phones, and closes after a choice', async () => {
    const user = userEvent.setup();
    await renderConsole({ me: doctorMe });
    const toggle = within(navigation()).getByRole('button', { name: 'Sections' });
    const groups = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(groups?.className).not.toContain('--open');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(groups?.className).toContain('staff-nav__groups--open');
    await user.click(within(navigation()).getByRole('link', { name: 'Upcoming' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Today and Upcoming', () => {
  it("lists today's appointments with time, patient, type, location, status and fee", async () => {
    const { fake } = await renderConsole({ me: doctorMe });
    expect(fake.loadAppointments.latest().input).toEqual({ filter: { from: today, to: today }, token: 'tok-stored' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Today, Mon, 10 Mar,? 2025$/);
    const later = staffAppointment({ startTime: '11:30', firstName: 'Ravi', lastName: 'Kumar', consultationType: 'Clinic Visit' });
    const first = staffAppointment({ startTime: '09:00', appointmentPaymentStatus: 'failed', appointmentStatus: 'Expired' });
    await answer(() => fake.loadAppointments.latest().resolve([later, first]));
    const rows = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('article');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      expect.stringMatching(/^09:00, Asha Verma$/),
      expect.stringMatching(/^11:30, Ravi Kumar$/),
    ]);
    const facts = (row: HTMLElement) =>
      Object.fromEntries(within(row).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts(rows[0]!)).toEqual({ Type: 'Video', Location: 'Andheri West', Status: 'Expired', Fee: 'Not paid' });
    expect(facts(rows[1]!)).toEqual({ Type: 'Clinic Visit', Location: 'Andheri West', Status: 'Booked', Fee: 'Paid' });
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/staff/appointments/${first._id}`);
  });

  it("says 'No Appointments Found.', and a failure gives the server's words with a retry", async () => {
    const user = userEvent.setup();
    const { fake } = await renderConsole({ me: doctorMe });
    await answer(() => fake.loadAppointments.latest().resolve([]));
    expect(screen.getByText('No Appointments Found.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await answer(() => fake.loadAppointments.latest().reject(refused(400, 'to: must be a date written YYYY-MM-DD')));
    const alert = consoleState('alert');
    expect(alert.textContent).toContain('to: must be a date written YYYY-MM-DD');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await answer(() => fake.loadAppointments.latest().reject(unanswered));
    expect(consoleState('alert').textContent).toContain('Something went wrong.');
  });

  it('Upcoming lists the next 30 days with the date on each row', async () => {
    const { fake } = await renderConsole({ path: '/staff/upcoming', me: doctorMe });
    expect(fake.loadAppointments.latest().input.filter).toEqual({ from: '2025-03-11', to: '2025-04-09' });
    await answer(() => fake.loadAppointments.latest().resolve([staffAppointment({ date: '2025-03-12', startTime: '10:00' })]));
    expect(screen.getByRole('article').querySelector('h2')?.textContent).toMatch(/^Wed, 12 Mar,? 2025, 10:00, Asha Verma$/i);
  });

  it('an appointment opened from Upcoming goes back to Upcoming', async () => {
    const user = userEvent.setup();
    const { fake } = await renderConsole({ path: '/staff/upcoming', me: doctorMe });
    const record = staffAppointment({ date: '2025-03-12', startTime: '10:00' });
    await answer(() => fake.loadAppointments.latest().resolve([record]));
    await user.click(within(screen.getByRole('article')).getByRole('link'));
    expect(screen.getByTestId('path').textContent).toBe(`/staff/appointments/${record._id}`);
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(screen.getByTestId('path').textContent).toBe('/staff/upcoming');
  });

  it('an admin sees the doctor on each row and filters by doctor and location', async () => {
    const user = userEvent.setup();
    const fake = fakeStaff();
    await renderConsole({ fake, me: adminMe });
    const andheri = { _id: 'loc-a', name: 'Andheri West' };
    const bandra = { _id: 'loc-b', name: 'Bandra' };
    const vikram = adminDoctor('Dr Vikram Shah', [bandra]);
    await answer(() => {
      fake.loadFilterDoctors.latest().resolve([adminDoctor('Dr Anita Rao', [andheri, bandra]), vikram]);
      fake.loadAppointments.latest().resolve([staffAppointment()]);
    });
    expect(within(screen.getByRole('article')).getByText('Dr Anita Rao')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Doctor'), 'Dr Vikram Shah');
    expect(fake.loadAppointments.latest().input.filter).toEqual({ from: today, to: today, doctorId: vikram._id, locationId: null });
    await user.selectOptions(screen.getByLabelText('Location'), 'Bandra');
    expect(fake.loadAppointments.latest().input.filter).toEqual({ from: today, to: today, doctorId: vikram._id, locationId: 'loc-b' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All doctors',
      'Dr Anita Rao',
      'Dr Vikram Shah',
      'All locations',
      'Andheri West',
      'Bandra',
    ]);
  });

  it('a doctor has no filters and never asks for the doctor list', async () => {
    const { fake } = await renderConsole({ me: doctorMe });
    expect(screen.queryByLabelText('Doctor')).toBeNull();
    expect(fake.loadFilterDoctors.calls).toHaveLength(0);
  });
});

describe('the audit log', () => {
  it('shows when, who, role, action, appointment and the values before and after, with older pages', async () => {
    const user = userEvent.setup();
    const { fake } = await renderConsole({ path: '/staff/audit', me: adminMe });
    expect(fake.loadAudit.latest().input).toEqual({ limit: 50, before: null, token: 'tok-stored' });
    const page = Array.from({ length: 50 }, (_, index) => auditEntry(100 - index, { action: 'fee.updated', appointmentId: null, details: { before: { fee: 450 }, after: { fee: 500 } } }));
    page[0] = auditEntry(100, {
      details: { before: { status: 'Booked', medicines: { complain: '' } }, after: { status: 'Completed', medicines: { complain: 'Eczema' } } },
    });
    await answer(() => fake.loadAudit.latest().resolve(page));
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading').textContent).toBe('Completed a consultation (appointment.completed)');
    expect(within(first).getByText('anita.rao@clinic.in')).toBeTruthy();
    expect(within(first).getByText('doctor')).toBeTruthy();
    // The appointment by the number staff read, opening it by its id.
    expect(within(first).getByRole('link').textContent).toBe('SHC-25-000001');
    expect(within(first).getByRole('link').getAttribute('href')).toMatch(/\/staff\/appointments\/00000000-0000-4000-9000-000000000001$/);
    const rows = within(first).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Status', 'Booked', 'Completed'],
      ['Prescription › Complaint', '(empty)', 'Eczema'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(fake.loadAudit.latest().input.before).toBe('51');
    await answer(() => fake.loadAudit.latest().reject(unanswered));
    await expectToast('Something went wrong.', 'alert');
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await answer(() => fake.loadAudit.latest().resolve([auditEntry(7, { actorRole: 'operator', actor: 'cli' })]));
    expect(screen.getAllByRole('article')).toHaveLength(51);
    expect(screen.getByText('That is the whole log.')).toBeTruthy();
    expect(screen.getByText('operator (command line)')).toBeTruthy();
  });

  it('an entry whose appointment has no number offers to open it in words', async () => {
    const { fake } = await renderConsole({ path: '/staff/audit', me: adminMe });
    await answer(() => fake.loadAudit.latest().resolve([auditEntry(3, { appointmentNumber: null })]));
    expect(within(screen.getByRole('article')).getByRole('link').textContent).toBe('Open the appointment');
  });
});

describe('page titles', () => {
  const titled = (section: string) => `${section} · Staff console · ${clinic.name}`;

  it("each section names the browser's tab; the console while it checks the caller", async () => {
    const user = userEvent.setup();
    const { fake } = await renderConsole();
    expect(document.title).toBe(`Staff console · ${clinic.name}`);
    await answer(() => fake.fetchStaffMe.latest().resolve(adminMe));
    expect(document.title).toBe(titled('Today'));
    for (const section of ['Upcoming', 'Doctors', 'Fees', 'Audit log']) {
      await user.click(within(navigation()).getByRole('link', { name: section }));
      expect(document.title).toBe(titled(section));
    }
  });

  it('an appointment is named as one; an unknown address as the console', async () => {
    await renderConsole({ path: '/staff/appointments/apt-1', me: doctorMe });
    expect(document.title).toBe(titled('Appointment'));
    await renderConsole({ path: '/staff/nowhere', me: doctorMe });
    expect(document.title).toBe(`Staff console · ${clinic.name}`);
  });
});
