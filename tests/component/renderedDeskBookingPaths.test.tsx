/**
 * The desk booking's test model (tests/machines/models/deskBookingModel.ts, the one the machine's
 * path test walks) driven through the RENDERED console: the Desk section and its provider, with
 * the desk's calls answered by hand. The model's journeys (the desk's cases, end to end) are
 * walked here; every transition is the machine's path test's job. So the seams are walked: what
 * the receptionist does on screen must reach the machine, and what the machine says (the hits, the
 * form's problems, the choices, the slots, the fee, the toasts, what was booked) must reach the screen.
 *
 * What these tests assume of the app: `renderConsole` and `fakeStaff` (./staffSupport.tsx);
 * everything else is what a person sees and does: the forms by name, the fields by label, the
 * buttons, the toasts' words.
 */
import { act as act_, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../src/ui/toast';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { refused, unanswered } from '../machines/accountFakes';
import { andheri, deskAnita, deskAppointment, deskDoctors, deskPatient, freeSlots, hitOf, queueEntry, rohan, searchAnswer, today } from '../machines/deskFakes';
import { testPaths } from '../machines/modelPaths';
import { deskBookingEmits, deskBookingJourneys, deskBookingModel, type DeskBookingModelEvent } from '../machines/models/deskBookingModel';
import { receptionMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole, type FakeStaff } from './staffSupport';
import { answer, answerWhenCalled } from './support';

// A journey renders the console and goes through up to twenty steps.
vi.setConfig({ testTimeout: 120_000 });

/** The machine's notices (as the model names them) in the receptionist's words. */
const toastWords: Record<string, string> = {
  somethingWentWrong: 'Something went wrong.',
  registered: 'Patient registered.',
  booked: 'Appointment booked.',
  walkedIn: 'In the queue: token T4.',
  missingChoices: 'Choose the doctor and the location first.',
};
const wordsOf = (notice: string) => toastWords[notice] ?? notice.replace(/^server: /, '');

function harness() {
  const user = userEvent.setup();
  let fake: FakeStaff | undefined;
  const desk = () => {
    if (!fake) throw new Error('the console is not rendered');
    return fake.desk;
  };
  const toasts = () => [...document.querySelectorAll('.toast__text')];
  const form = (name: string) => screen.getByRole('form', { name });
  const choosing = () => screen.getByRole('form', { name: /^(Book a slot|Walk-in: today's queue)$/ });
  const found = deskPatient({ firstName: 'Sunil', lastName: 'Kale', kind: 'account' });
  /** The family member the visit is for (undefined: the patient). */
  let member: string | undefined;
  const search = async (query: string) => {
    const box = within(screen.getByRole('search', { name: 'Find a patient' })).getByLabelText('Name, phone, appointment ID or token');
    await user.clear(box);
    await user.type(box, query);
    await user.click(within(screen.getByRole('search', { name: 'Find a patient' })).getByRole('button', { name: /^(Search|Searching…)$/ }));
  };
  const fill = async (values: Record<string, string>) => {
    const f = form('Register a patient');
    for (const [label, value] of Object.entries(values)) {
      const field = within(f).getByLabelText(label);
      if (field.tagName === 'SELECT') await user.selectOptions(field, value);
      else {
        await user.clear(field);
        await user.type(field, value);
      }
    }
  };
  const submitBooking = (name: RegExp) => user.click(within(form('The fee')).getByRole('button', { name }));

  const step = (type: DeskBookingModelEvent['type'], act: () => Promise<void>) => async () => {
    // The toasts of the steps before go (an error in the same words is not shown twice).
    act_(() => {
      for (const { id } of toast.getSnapshot()) toast.dismiss(id);
    });
    const before = new Set(toasts());
    await act();
    const expected = deskBookingEmits[type].map(wordsOf);
    await waitFor(() => expect(toasts().filter((t) => !before.has(t)).map((t) => t.textContent), type).toEqual(expected));
  };

  const events: Record<DeskBookingModelEvent['type'], () => Promise<void>> = {
    open: step('open', async () => {
      fake = fakeStaff();
      await renderConsole({ path: '/staff/desk', fake, me: receptionMe });
      await answerWhenCalled(fake.desk.loadDoctors, (call) => call.resolve([...deskDoctors]));
    }),
    search: step('search', () => search('98220')),
    'search.retyped': step('search.retyped', async () => {
      await search('Sunil Kale');
      expect(desk().searchPatients.latest().input.query).toBe('Sunil Kale');
    }),
    'search.found': step('search.found', () => answer(() => desk().searchPatients.latest().resolve(searchAnswer([hitOf(found, [deskAppointment()], [rohan])])))),
    'search.failed': step('search.failed', () => answer(() => desk().searchPatients.latest().reject(unanswered))),
    'search.again': step('search.again', async () => {
      await search('Kale');
      await answer(() => desk().searchPatients.latest().resolve(searchAnswer([hitOf(found, [], [rohan])])));
    }),
    choose: step('choose', async () => {
      member = undefined;
      await user.click(screen.getByRole('button', { name: 'Book for Sunil Kale' }));
    }),
    'choose.member': step('choose.member', async () => {
      await user.click(screen.getByRole('button', { name: 'Book for Sunil Kale' }));
      await user.selectOptions(within(choosing()).getByLabelText('Who is the visit for'), 'Rohan Kale (Son, 9)');
      member = rohan._id;
    }),
    register: step('register', () => user.click(screen.getByRole('button', { name: 'Register a new patient' }))),
    'register.invalid': step('register.invalid', async () => {
      await fill({ Phone: '98220' });
      await user.click(within(form('Register a patient')).getByRole('button', { name: 'Register' }));
    }),
    'register.save': step('register.save', async () => {
      await fill({ 'First name': 'Ramesh', 'Last name': 'Patil', Phone: '98220 12345', Age: '67', Gender: 'Male' });
      await user.click(within(form('Register a patient')).getByRole('button', { name: 'Register' }));
    }),
    'register.cancel': step('register.cancel', () => user.click(screen.getByRole('button', { name: 'Cancel' }))),
    saved: step('saved', () => answer(() => desk().registerPatient.latest().resolve({ patient: deskPatient() }))),
    'saved.badPhone': step('saved.badPhone', () =>
      answer(() =>
        desk().registerPatient.latest().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'phoneNumber', message: 'is already the phone of 3 patients' }] }),
      ),
    ),
    'saved.hasAccount': step('saved.hasAccount', () => answer(() => desk().registerPatient.latest().reject(refused(409, 'An account has this email: book for the account instead.')))),
    'change.patient': step('change.patient', () => {
      member = undefined;
      return user.click(screen.getByRole('button', { name: 'Change patient' }));
    }),
    'choose.doctor': step('choose.doctor', () => user.selectOptions(within(choosing()).getByLabelText('Doctor'), 'Dr Anita Rao')),
    'choose.clinicVisit': step('choose.clinicVisit', () => user.selectOptions(within(choosing()).getByLabelText('Consultation type'), 'Clinic Visit')),
    'choose.location': step('choose.location', () => user.selectOptions(within(choosing()).getByLabelText('Location'), 'Andheri West')),
    'slots.loaded': step('slots.loaded', () => answerWhenCalled(desk().loadTimeSlots, (call) => call.resolve(freeSlots))),
    'slots.failed': step('slots.failed', () => answerWhenCalled(desk().loadTimeSlots, (call) => call.reject(unanswered))),
    'slots.retry': step('slots.retry', () => user.click(within(choosing()).getByRole('button', { name: 'Try again' }))),
    'choose.date': step('choose.date', async () => {
      fireEvent.change(within(choosing()).getByLabelText('Date'), { target: { value: '2025-03-11' } });
    }),
    'choose.slot': step('choose.slot', () => user.click(within(within(choosing()).getByRole('group', { name: 'Time' })).getByRole('radio', { name: '10:30' }))),
    'choose.walkin': step('choose.walkin', () => user.click(screen.getByRole('radio', { name: "Walk-in: today's queue" }))),
    next: step('next', () => user.click(within(choosing()).getByRole('button', { name: 'Next: the fee' }))),
    'next.missing': step('next.missing', () => user.click(within(choosing()).getByRole('button', { name: 'Next: the fee' }))),
    'fee.later': step('fee.later', () => user.click(within(form('The fee')).getByRole('radio', { name: 'Later, at the end of the visit' }))),
    'fee.upi': step('fee.upi', async () => {
      await user.click(within(form('The fee')).getByRole('radio', { name: 'UPI' }));
      await user.type(within(form('The fee')).getByLabelText('Reference (from the terminal or the UPI app)'), '5123 8890');
    }),
    back: step('back', () => user.click(within(form('The fee')).getByRole('button', { name: 'Back' }))),
    book: step('book', async () => {
      await submitBooking(/^Book$/);
      const call = desk().book.latest();
      expect(call.input.request).toMatchObject({ doctorId: deskAnita._id, locationId: andheri._id, startTime: '10:30', consultationType: 'Clinic Visit' });
      expect(call.input.request.familyMemberId).toBe(member);
      if (member) expect(within(form('The fee')).getByText('The visit is for Rohan Kale')).toBeTruthy();
      await answer(() => call.resolve(deskAppointment({ appointmentId: 'SHC-25-000090' })));
    }),
    'book.taken': step('book.taken', async () => {
      await submitBooking(/^Book$/);
      await answer(() => desk().book.latest().reject(refused(409, 'This slot is already booked')));
    }),
    'book.unanswered': step('book.unanswered', async () => {
      await submitBooking(/^Book$/);
      await answer(() => desk().book.latest().reject(unanswered));
    }),
    walkin: step('walkin', async () => {
      await submitBooking(/^Add to the queue$/);
      expect(desk().walkIn.latest().input.request.familyMemberId).toBe(member);
      expect(desk().walkIn.latest().input.request).toMatchObject({ doctorId: deskAnita._id, locationId: andheri._id, fee: { pay: 'now', method: 'cash', reference: '' } });
      await answer(() => desk().walkIn.latest().resolve({ entry: queueEntry({ token: 'T4', kind: 'walkin' }) }));
    }),
    'walkin.refused': step('walkin.refused', async () => {
      await submitBooking(/^Add to the queue$/);
      await answer(() => desk().walkIn.latest().reject(refused(409, 'Dr Anita Rao does not work at Bandra today.')));
    }),
    again: step('again', () => {
      member = undefined;
      return user.click(screen.getByRole('button', { name: /^Another booking for / }));
    }),
    new: step('new', () => {
      member = undefined;
      return user.click(screen.getByRole('button', { name: 'Next patient' }));
    }),
  };

  const finding = () => expect(screen.getByRole('search', { name: 'Find a patient' })).toBeTruthy();
  const slotsShown = (times: string[]) => () => {
    const group = within(choosing()).queryByRole('group', { name: 'Time' });
    expect(group ? within(group).queryAllByRole('radio').map((r) => (r as HTMLInputElement).value) : []).toEqual(times);
  };
  const states: Record<string, () => void | Promise<void>> = {
    Closed: () => {},
    Idle: finding,
    Searching: finding,
    Results: () => expect(screen.getByRole('article', { name: 'Sunil Kale' })).toBeTruthy(),
    Registering: () => expect(form('Register a patient')).toBeTruthy(),
    Saving: () => expect(within(form('Register a patient')).getByRole('button', { name: 'Registering…' })).toBeTruthy(),
    Choosing: () => expect(within(choosing()).getByLabelText('Doctor')).toBeTruthy(),
    Doctored: () => expect((within(choosing()).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(deskAnita._id),
    Typed: () => expect((within(choosing()).getByLabelText('Location') as HTMLSelectElement).value).toBe(''),
    Listing: () => expect(within(choosing()).getByText('Loading the times…')).toBeTruthy(),
    SlotsFailed: () => expect(within(choosing()).getByRole('button', { name: 'Try again' })).toBeTruthy(),
    Listed: slotsShown(freeSlots.map((s) => s.time)),
    Slotted: () => expect((within(choosing()).getByRole('radio', { name: '10:30' }) as HTMLInputElement).checked).toBe(true),
    Fee: () => expect(within(form('The fee')).getByRole('button', { name: 'Book' })).toBeTruthy(),
    WalkIn: () => expect(within(choosing()).queryByLabelText('Date')).toBeNull(),
    WalkInDoctored: () => expect((within(choosing()).getByLabelText('Location') as HTMLSelectElement).value).toBe(''),
    WalkInReady: () => expect((within(choosing()).getByLabelText('Location') as HTMLSelectElement).value).toBe(andheri._id),
    WalkInFee: () => expect(within(form('The fee')).getByRole('button', { name: 'Add to the queue' })).toBeTruthy(),
    Booked: () => expect(screen.getByRole('region', { name: /^(Booked|In the queue)$/ }).textContent).toMatch(/SHC-|T4/),
  };
  return { stop: () => {}, events, states };
}

describe('the desk booking model through the rendered console', () => {
  const testModel = createTestModel(deskBookingModel);
  const journeys = deskBookingJourneys.flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('walks every journey of the model to a booking', () => {
    expect(journeys).toHaveLength(deskBookingJourneys.length);
    for (const journey of journeys) expect(journey.state.value).toBe('Booked');
    expect(today).toBe('2025-03-10');
  });

  testPaths({ journeys }, harness);
});
