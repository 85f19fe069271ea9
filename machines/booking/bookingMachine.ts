/**
 * Booking an appointment (spec §2 Book Appointment popup, §4 booking flow, §5 "Booking", §8, §9):
 * location -> doctor -> consultation type -> date -> slot -> book -> pay. The Book Appointment
 * popup starts one per opening; the app keeps it running while the login popup it asks for is open.
 *
 * Input: `{ today, token, user, previous? }`
 * - `today`: the date in clinic time, `YYYY-MM-DD` (`clinicToday()`, contract/clinicTime.ts); no date
 *   before it can be chosen.
 * - `token`: the session's bearer token, null when logged out (the brief's `isLoggedIn` is
 *   `token !== null`: the calls need the token itself). `user`: the session's user, null when
 *   logged out; the personal fields are prefilled from it.
 * - `previous`: a kept booking (the `kept` of the `redirect` event, read back with
 *   `readKeptBooking` when /paymentfail reopens the popup; what the popup held when it last
 *   closed in this tab, `selectKeptBooking`; or just `{ choices: { location } }` from the
 *   header's location picker). Its choices are kept where they still fit once the
 *   doctors and the slots load; its details win over the user's.
 *
 * The app provides the calls (`bookingMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails (`fromApi`, src/app/fromApi.ts):
 * - `loadDoctors` () -> Doctor[]                        (fetchDoctors, src/api/site.ts)
 * - `loadFees` () -> { data: AppointmentFee[] }          (fetchFees)
 * - `loadTimeSlots` { doctorEmail, date, location, token } -> TimeSlot[]
 *                       (fetchTimeSlots, src/api/booking.ts; the token, when there is one, lets
 *                       the server show the patient's own unpaid hold as free to them), to
 *                       the slot picker child: `slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } })`.
 * - `addAppointment` { request, token } -> AppointmentRecord        (addAppointment)
 * - `loadNextFree` { location, token } -> NextFreeList  (fetchNextFree, src/api/booking.ts): the doctor
 *                       step's next free slot of every doctor of the chosen place
 * - `createPayment` { request: { appointmentId, consultationAmount }, token }
 *                       -> { merchantOrderId, checkoutPageUrl }     (createAppointmentPayment)
 *
 * Effects, actions the app provides (src/components/Booking/provider.ts); until provided they are
 * emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice }: a toast. Kinds and the message each stands for:
 *   - missingChoices {fields}  'Please select all required fields.' (Book before a location,
 *                              doctor, type, date and free slot are chosen)
 *   - server {text}            the server's message, preferred: 'This slot is already booked'
 *                              (409), a 400 naming a bad personal field, ...
 *   - slotTaken                'This slot is already booked' (409 without a readable message)
 *   - somethingWentWrong       'Something went wrong.' (booking or payment failed without a
 *                              readable message; the doctors or the slots could not be loaded)
 *   - feeUnknown               no spec text: Book while the fee list is loading, failed
 *                              (`fees.retry`), or has no fee for the type. Suggested: 'The
 *                              consultation fee could not be loaded. Please try again.'
 *   - feeChanged {fee}         no spec text: the appointment's fee (the server's) is not the one
 *                              shown; the fee shown is corrected and nothing is paid until Book
 *                              again. Suggested: 'The consultation fee is now ₹{fee}. Please
 *                              check it and book again.'
 * - `askForLogin` { expired } (emits `login.required`): the app opens the login popup
 *   (`session.showLogin` with `replyTo`: this actor); when `expired` (the server answered 401),
 *   the request base has already ended the session (src/api/client.ts). The session answers `login.succeeded` { token, user } (at the
 *   login, again with the whole user), `login.cancelled` if the popup closes without a login, or
 *   `session.ended` if the login could not be completed.
 * - `redirect` { url, payUrl, kept }: the app stores `kept` (for /paymentfail) and sends the
 *   browser to `url` = '/#/payment?payUrl=' + encodeURIComponent(payUrl), the /payment page that
 *   checks `payUrl` against the provider's origins (machines/paymentRedirect). The machine is then
 *   done, with output `{ kept, appointment, payment }`.
 * - `booked` { appointment }: booked with the fee due at the clinic (below); the app says
 *   'Appointment booked successfully.' and closes the popup. The machine is then done (`Booked`),
 *   with output `{ kept, appointment, payment: null }`.
 *
 * Paying at the clinic: where the chosen place takes the fee at the visit for a Clinic Visit (the
 * admin's setting, `Doctor.payAtClinic`; `selectOffersPayAtClinic`), `payment.chosen` { at:
 * 'clinic' } asks for it (`payAtClinic` in the request); the server books the slot for good with
 * payment status 'due', and no checkout follows. `at: 'online'` (the default) is the spec's flow.
 *
 * The slots are the slot picker's (machines/slotPicker, the child `slotPicker`, started once the
 * doctors are known): it loads the list for the chosen doctor, location and date and keeps the
 * slot chosen in it; this machine passes it the choices and `slot.selected` / `slots.retry`, and
 * mirrors its state into `slots`, `slotsStatus` and `choices.time`.
 * Empty states (not toasts; `selectSlotsStatus`, `SlotsStatus` in machines/slotPicker/slots.ts):
 * noSchedule, notAvailable, and failed with `slots.retry`. Booked and unavailable slots cannot be
 * chosen; their tooltips are 'This slot is already booked' and 'This slot is unavailable'.
 *
 * The fee (spec §9): `selectFee` is 500 until the fee list loads, then the fee of the chosen type.
 * Book is refused (feeUnknown) until that fee is known, so nobody pays an amount they were not
 * shown. The amount paid is the appointment's own fee, which the server computed.
 *
 * Paying again: the machine keeps the appointment it made (held for a while on the server). After
 * a payment call that got no answer or a server error, Book pays that appointment again, without
 * making another, as long as the request (choices and personal fields) is the same. A payment
 * call the server refused (4xx) forgets it: the next Book asks for the appointment again, and the
 * server answers the same one for the same booking.
 *
 * The patient-details step (./details.ts): Book, once the choices, the fee and the login
 * are there, checks the details with the contract's codec before any request; each problem is
 * kept on its field (`selectDetailErrors`) and `selectErrorsShown` counts each time they are shown,
 * so the view moves the focus to the first. A 400 naming details fields is shown the same way,
 * without a toast. Changing a field clears its error. `patient.selected` books for a family member
 * (or, null, for the account holder); `consent.changed` carries the words of the teleconsultation
 * consent the person ticked (null: unticked), which Chat, Video and Call need.
 *
 * The chart is here; its pieces are in this folder: ./context.ts (input, context, the context it
 * starts from), ./events.ts (events, emitted effects, notices), ./requests.ts (the requests made
 * from the context), ./actors.ts, ./guards.ts, ./actions.ts (`bookingSetup`), ./regions.ts (the
 * regions that load), ./flow.ts (choosing, logging in, booking, paying) and ./selectors.ts.
 */
import { bookingSetup } from './actions.js';
import { initialContext, keptOf, type BookingContext } from './context.js';
import { flowRegion } from './flow.js';
import { availabilityRegion, doctorsRegion, feesRegion, nextFreeRegion, slotsRegion } from './regions.js';

export type { BookingContext, BookingInput, ListStatus, SlotsStatus } from './context.js';
export type { BookingEmitted, BookingEvent, BookingNotice, BookingOutput } from './events.js';
export {
  bookingRequest,
  paymentPageUrl,
  paymentRequest,
  type BookingRedirect,
  type BookingRequest,
  type NextFreeRequest,
  type PaymentAnswer,
  type PaymentRequest,
} from './requests.js';
export * from './selectors.js';

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  description: 'Book Appointment: location, doctor, consultation type, date and slot; then book and pay.',
  context: ({ input }) => initialContext(input),
  initial: 'Open',
  states: {
    Open: {
      description: 'The popup: the doctors, the fee list and the slots load while the person chooses.',
      type: 'parallel',
      states: {
        Doctors: doctorsRegion,
        Fees: feesRegion,
        Slots: slotsRegion,
        Availability: availabilityRegion,
        NextFree: nextFreeRegion,
        Flow: flowRegion,
      },
    },
    Redirected: {
      description: 'The browser goes to the checkout page; the choices are kept for /paymentfail.',
      type: 'final',
    },
    Booked: {
      description: "Booked with the fee due at the clinic: 'Appointment booked successfully.', no checkout.",
      type: 'final',
    },
  },
  output: ({ context }) => ({
    kept: keptOf(context),
    appointment: (context.held as NonNullable<BookingContext['held']>).appointment,
    payment: context.payment,
  }),
});
