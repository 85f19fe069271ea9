/**
 * The pharmacy order of a Completed appointment (spec §3 Order, §4 "Completed appointments",
 * "Order payment", §7 create-order, §9 "amount is sent in paise"): its state, and Pay Now by card.
 * The /myappointment page starts one per Completed appointment it shows.
 *
 * Input: `{ appointment, token }`: the record (from the appointments list) and the bearer token.
 *
 * What the order is (`selectOrderState`, machines/appointments/rules.ts `orderStateOf`):
 * - no order: Pending, shown as { kind: 'orderPending' } (`selectStatusNotice`), the spec's
 *   'Order Status: Pending';
 * - payment mode Card and payment status not Completed: Payable, Pay Now starts the payment;
 * - payment status Completed: Paid, shown as { kind: 'alreadyPaid', amount } (the patient is told
 *   the amount already paid, spec §4; no spec text: suggested 'You have already paid ₹{amount}.');
 * - anything else (paid another way, nothing to pay): Other, shown without Pay Now;
 * - not a Completed appointment: NotCompleted, nothing shown.
 *
 * Events:
 * - `order.pay`: Pay Now. Payable: asks for a checkout page. Paid: tells the amount already paid
 *   (a notice). Ignored otherwise.
 * - `appointment.changed` { appointment }: the list brought a newer record of this appointment
 *   (after `appointments.refresh`); the order is judged again. Ignored while paying.
 *
 * The app provides (`orderPaymentMachine.provide({ actors })`), rejecting with an ApiFailure
 * (src/api/client.ts) when it fails:
 * - `createOrderPayment` { order, token } -> { checkoutPageUrl }: `payOrder` in
 *   src/api/appointments.ts, which asks POST /payment/create-order with { pharmacyId, orderId:
 *   the order's `_id`, amount: paiseOf(order.totalPrice) (contract/money.ts) } (the server checks the amount
 *   against the stored order).
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts): `notify` (emits
 * `notice`), `redirect` (emits `redirect`); until provided they are
 * emitted, as the machine's tests read them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds and the message each stands for:
 *   - alreadyPaid {amount}  the amount already paid (see above), on Pay Now for a paid order
 *   - server {text}         the server's message, preferred when the payment call is refused
 *   - somethingWentWrong    'Something went wrong.' (refused without a readable message, or no answer)
 * - `redirect` { url, payUrl, orderId }: the app sends the browser to `url` =
 *   '/#/payment?payUrl=' + encodeURIComponent(payUrl). The machine is then done.
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type * as t from 'io-ts';
import type { AppointmentRecord, CreateOrderPaymentAnswer, Order } from '../../contract/appointments.js';
import { paymentPageUrl } from '../booking/bookingMachine.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import { orderStateOf, type OrderState } from '../appointments/rules.js';

export type OrderPaymentInput = { appointment: AppointmentRecord; token: string };

export type OrderPaymentAnswer = t.TypeOf<typeof CreateOrderPaymentAnswer>;

export type OrderPaymentNotice = { kind: 'alreadyPaid'; amount: number } | { kind: 'somethingWentWrong' } | ServerNotice;

/** The line shown in place of Pay Now. */
export type OrderStatusNotice = { kind: 'orderPending' } | { kind: 'alreadyPaid'; amount: number };

export type OrderPaymentEmitted =
  | NoticeEvent<OrderPaymentNotice>
  | ({ type: 'redirect' } & OrderRedirect);

export type OrderPaymentEvent = { type: 'order.pay' } | { type: 'appointment.changed'; appointment: AppointmentRecord };

export type OrderPaymentContext = { appointment: AppointmentRecord; token: string };

const notice = (tone: Tone, n: OrderPaymentNotice): NoticeEvent<OrderPaymentNotice> => ({ type: 'notice', tone, notice: n });

const kindOf = (context: OrderPaymentContext): OrderState['kind'] | null => orderStateOf(context.appointment)?.kind ?? null;

/** The order of the appointment; only called where there is one. */
const orderOf = (context: OrderPaymentContext): Order => context.appointment.order as Order;

const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));

/** Where Pay Now leaves for: '/#/payment?payUrl=' + encodeURIComponent(payUrl). */
export type OrderRedirect = { url: string; payUrl: string; orderId: string };

const redirectTo = (context: OrderPaymentContext, answer: OrderPaymentAnswer): OrderRedirect => ({
  url: paymentPageUrl(answer.checkoutPageUrl),
  payUrl: answer.checkoutPageUrl,
  orderId: orderOf(context)._id,
});

export const orderPaymentMachine = setup({
  types: {} as {
    context: OrderPaymentContext;
    events: OrderPaymentEvent;
    input: OrderPaymentInput;
    emitted: OrderPaymentEmitted;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    createOrderPayment: fromPromise<OrderPaymentAnswer, { order: Order; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    isNotCompleted: ({ context }) => kindOf(context) === null,
    isPending: ({ context }) => kindOf(context) === 'pending',
    isPayable: ({ context }) => kindOf(context) === 'payable',
    isPaid: ({ context }) => kindOf(context) === 'paid',
  },
  actions: {
    storeAppointment: assign({
      appointment: ({ context, event }) => (event.type === 'appointment.changed' ? event.appointment : context.appointment),
    }),
    // The effects: the app provides them (src/components/Appointments/provider.ts); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<OrderPaymentNotice>) => params),
    redirect: emit((_, params: OrderRedirect) => ({ type: 'redirect' as const, ...params })),
  },
}).createMachine({
  id: 'orderPayment',
  description: 'The order of a Completed appointment: pending, payable by card, paid, or other; Pay Now.',
  context: ({ input }) => ({ appointment: input.appointment, token: input.token }),
  initial: 'Judging',
  states: {
    Judging: {
      description: 'What the order is, from the appointment record.',
      always: [
        { guard: 'isNotCompleted', target: 'NotCompleted' },
        { guard: 'isPending', target: 'Pending' },
        { guard: 'isPayable', target: 'Payable' },
        { guard: 'isPaid', target: 'Paid' },
        { target: 'Other' },
      ],
    },
    NotCompleted: {
      description: 'Not a Completed appointment: no order to show.',
      on: { 'appointment.changed': { target: 'Judging', actions: 'storeAppointment' } },
    },
    Pending: {
      description: "No order yet: 'Order Status: Pending'.",
      on: { 'appointment.changed': { target: 'Judging', actions: 'storeAppointment' } },
    },
    Payable: {
      description: 'Card, not paid: Pay Now.',
      on: {
        'order.pay': 'CreatingPayment',
        'appointment.changed': { target: 'Judging', actions: 'storeAppointment' },
      },
    },
    Paid: {
      description: 'Paid: Pay Now tells the amount already paid.',
      on: {
        'order.pay': { actions: { type: 'notify', params: ({ context }) => notice('success', { kind: 'alreadyPaid', amount: orderOf(context).totalPrice }) } },
        'appointment.changed': { target: 'Judging', actions: 'storeAppointment' },
      },
    },
    Other: {
      description: 'An order with nothing to pay here: shown, without Pay Now.',
      on: { 'appointment.changed': { target: 'Judging', actions: 'storeAppointment' } },
    },
    CreatingPayment: {
      description: 'Asking the payment service for a checkout page, the amount in paise from the stored order.',
      tags: ['busy'],
      invoke: {
        id: 'createOrderPayment',
        src: 'createOrderPayment',
        input: ({ context }) => ({ order: orderOf(context), token: context.token }),
        onDone: { target: 'Redirected', actions: { type: 'redirect', params: ({ context, event }) => redirectTo(context, event.output) } },
        onError: [
          { target: 'Payable', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    Redirected: { description: 'The browser goes to the checkout page.', type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof orderPaymentMachine>;

export const selectOrder = (snapshot: Snapshot): Order | null => snapshot.context.appointment.order;
/** The order as the page shows it (null: not a Completed appointment). */
export const selectOrderState = (snapshot: Snapshot): OrderState | null => orderStateOf(snapshot.context.appointment);
/** The line shown in place of Pay Now: 'Order Status: Pending', or the amount already paid. */
export const selectStatusNotice = (snapshot: Snapshot): OrderStatusNotice | null => {
  const state = orderStateOf(snapshot.context.appointment);
  if (state?.kind === 'pending') return { kind: 'orderPending' };
  if (state?.kind === 'paid') return { kind: 'alreadyPaid', amount: state.amount };
  return null;
};
/** Show Pay Now: for an order to pay by card (pressing it starts the payment) and for a paid one (pressing it tells the amount paid). */
export const selectOffersPayNow = (snapshot: Snapshot): boolean =>
  snapshot.matches('Payable') || snapshot.matches('Paid') || snapshot.matches('CreatingPayment');
/** Pay Now starts a payment. */
export const selectCanPay = (snapshot: Snapshot): boolean => snapshot.matches('Payable');
export const selectIsPaying = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsRedirected = (snapshot: Snapshot): boolean => snapshot.matches('Redirected');
