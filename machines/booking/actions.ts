/**
 * The booking machine's actions, on its setup (types, ./actors.ts, ./guards.ts): `bookingSetup`,
 * from which the chart (./bookingMachine.ts) and its regions are made.
 *
 * The effects (`notify`, `askForLogin`, `redirect`, `booked`) are the app's to provide (a toast, the
 * session's login popup, the way to /payment: src/components/Booking/provider.ts); until then they
 * are emitted, so the machine's tests and the inspector see them.
 */
import { assign, emit, enqueueActions, forwardTo, raise, sendTo, setup } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { Availability, NextFreeList } from '../../contract/availability.js';
import type { FamilyMember } from '../../contract/people.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { AppointmentFee, Doctor } from '../../contract/site.js';
import { availabilityFor, firstFreeDay, selectStripStatus as stripStatusOf, stripDay, type AvailabilitySnapshot } from '../availability/availabilityMachine.js';
import type { NoticeEvent } from '../shared/notices.js';
import { shownSlots, slotsFor, type SlotPickerSnapshot } from '../slotPicker/slotPickerMachine.js';
import { canChooseSlot } from '../slotPicker/slots.js';
import { bookingActors } from './actors.js';
import { fitChoices, nextChoices, noDetails, onlineLocation, prefillDetails, type BookingChoices, type BookingUser, type PersonalDetails } from './choices.js';
import type { BookingContext, BookingInput } from './context.js';
import { clearChanged, detailsFor, type DetailErrors } from './details.js';
import type { BookingEmitted, BookingEvent, BookingNotice, BookingOutput } from './events.js';
import { bookingGuards } from './guards.js';
import { requestKey, type BookingRedirect, type PaymentAnswer } from './requests.js';

const base = setup({
  types: {} as { context: BookingContext; events: BookingEvent; input: BookingInput; emitted: BookingEmitted; output: BookingOutput },
  actors: bookingActors,
  guards: bookingGuards,
});

/** The choices, the slot picker and the date strip. */
const choosing = base.extend({
  actions: {
    askNextFree: assign({ nextFreeFor: ({ context }) => context.choices.location }),
    storeNextFree: assign({ nextFree: (_, params: { list: NextFreeList }) => params.list }),
    storeDoctors: assign(({ context }, params: { doctors: Doctor[] }) => ({
      doctors: params.doctors,
      choices: fitChoices(context.choices, params.doctors, context.today),
    })),
    storeFees: assign({ fees: (_, params: { fees: AppointmentFee[] }) => params.fees }),
    /** One choice changed: the later ones that no longer fit are cleared, and the slot picker is told. */
    choose: enqueueActions(({ context, enqueue }, params: { change: Partial<BookingChoices> }) => {
      enqueue.assign({ choices: nextChoices(context.choices, params.change, context.doctors, context.today), wantTime: null });
      enqueue.raise({ type: 'slots.refresh' });
      enqueue.raise({ type: 'availability.refresh' });
    }),
    /** `online.soonest`: every choice at once; the slot is chosen once its list loads. */
    chooseSoonest: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'online.soonest') return;
      const { doctorEmail, consultationType, date, time } = event;
      enqueue.assign({
        choices: fitChoices({ location: onlineLocation, doctorEmail, consultationType, date, time: null }, context.doctors, context.today),
        wantTime: time,
      });
      enqueue.raise({ type: 'slots.refresh' });
      enqueue.raise({ type: 'availability.refresh' });
    }),
    tellStrip: sendTo('availability', ({ context }) => availabilityFor(context)),
    passToStrip: forwardTo('availability'),
    showStrip: assign({ stripStatus: (_, params: { strip: AvailabilitySnapshot }) => stripStatusOf(params.strip) }),
    /**
     * The strip loaded: kept, and the first day with a free slot chosen for the person when no day
     * is chosen yet, or the day chosen is in these two weeks with nothing free. Two weeks with
     * nothing free and no day chosen turn to the weeks of the soonest free slot there.
     */
    takeStrip: enqueueActions(({ context, enqueue }, params: { strip: Availability }) => {
      const { strip } = params;
      enqueue.assign({ strip });
      const chosen = context.choices.date;
      const inWindow = chosen !== null && chosen >= strip.from && chosen <= strip.to;
      if (chosen !== null && (!inWindow || (stripDay(strip, chosen)?.free ?? 0) > 0)) return;
      const first = firstFreeDay(strip);
      if (first !== null) {
        enqueue.assign({ choices: nextChoices(context.choices, { date: first }, context.doctors, context.today) });
        enqueue.raise({ type: 'slots.refresh' });
      } else if (chosen === null && strip.next !== null && strip.next.location === strip.location && strip.next.date > strip.to) {
        enqueue.sendTo('availability', { type: 'availability.page', from: strip.next.date });
      }
    }),
    refreshSlots: raise({ type: 'slots.refresh' }),
    tellSlotPicker: sendTo('slotPicker', ({ context }) => slotsFor(context)),
    passToSlotPicker: forwardTo('slotPicker'),
    dropTakenSlot: sendTo('slotPicker', { type: 'slot.taken' as const }),
    showSlots: enqueueActions(({ context, enqueue }, params: { picker: SlotPickerSnapshot }) => {
      const shown = shownSlots(params.picker, context.choices);
      enqueue.assign(shown);
      // The soonest slot of `online.soonest`, once its list is there.
      if (context.wantTime !== null && shown.slotsStatus !== 'loading' && shown.slotsStatus !== 'waiting') {
        if (canChooseSlot(shown.slots, context.wantTime)) enqueue.sendTo('slotPicker', { type: 'slot.selected', time: context.wantTime });
        enqueue.assign({ wantTime: null });
      }
    }),
  },
});

/** The details step, the login, the appointment held and its payment, and the effects. */
export const bookingSetup = choosing.extend({
  actions: {
    changeDetails: assign(({ context, event }) => {
      if (event.type !== 'details.changed') return {};
      const details = { ...context.details };
      for (const field of Object.keys(noDetails) as Array<keyof PersonalDetails>) {
        const value = event.details[field];
        if (typeof value === 'string') (details as Record<keyof PersonalDetails, string>)[field] = value;
      }
      return { details, detailErrors: clearChanged(context.detailErrors, Object.keys(event.details)) };
    }),
    choosePatient: assign(({ context }, params: { for: 'self' | 'other'; member: FamilyMember | null }) => ({
      for: params.for,
      member: params.for === 'other' ? params.member : null,
      details: detailsFor(context.details, params.for === 'other' ? params.member : null, context.user),
      detailErrors: clearChanged(context.detailErrors, ['familyMemberId', 'firstName', 'lastName', 'age', 'gender']),
    })),
    choosePayment: assign({ payAt: (_, params: { at: 'online' | 'clinic' }) => params.at }),
    changeConsent: assign(({ context }, params: { text: string | null }) => ({
      consent: params.text,
      detailErrors: clearChanged(context.detailErrors, ['consentText']),
    })),
    showDetailErrors: assign(({ context }, params: { errors: DetailErrors }) => ({
      detailErrors: params.errors,
      errorsShown: context.errorsShown + 1,
    })),
    storeLogin: assign(({ context }, params: { token: string; user: BookingUser }) => ({
      token: params.token,
      user: params.user,
      details: prefillDetails(context.details, params.user),
    })),
    /** The profile saved: the account's user from now on (the booking goes on with the details as typed). */
    storeProfile: assign({ user: (_, params: { user: User }) => params.user }),
    forgetToken: assign({ token: null }),
    forgetLogin: assign({ token: null, user: null, held: null, details: noDetails, member: null, for: 'self', detailErrors: {} }),
    hold: assign({
      held: ({ context }, params: { appointment: AppointmentRecord }) => ({
        appointment: params.appointment,
        request: requestKey(context),
      }),
    }),
    dropHeld: assign({ held: null }),
    /** The server's fee for the type replaces the one shown. */
    correctFee: assign({
      fees: ({ context }, params: { appointment: AppointmentRecord }) => {
        const type = context.choices.consultationType as ConsultationType;
        const fee = { consultationType: type, consultationFee: params.appointment.consultationFee };
        return [...(context.fees ?? []).filter((f) => f.consultationType !== type), fee];
      },
    }),
    storePayment: assign({ payment: (_, params: { answer: PaymentAnswer }) => params.answer }),
    notify: emit((_, params: NoticeEvent<BookingNotice>) => params),
    askForLogin: emit((_, params: { expired: boolean }) => ({ type: 'login.required' as const, expired: params.expired })),
    redirect: emit((_, params: BookingRedirect) => ({ type: 'redirect' as const, ...params })),
    booked: emit((_, params: { appointment: AppointmentRecord }) => ({ type: 'booked' as const, appointment: params.appointment })),
    profileSaved: emit((_, params: { user: User }) => ({ type: 'profileSaved' as const, user: params.user })),
  },
});
