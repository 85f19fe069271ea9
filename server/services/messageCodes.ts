/**
 * The stable code of every message a service answers with (contract/errors.ts `code`), in one
 * table. Each service keeps its messages in an object of its own (`bookingMessages`...), written
 * through `defineMessages('booking', {...})`: the object keeps its shape (a string stays a string,
 * a message function stays a function of the same arguments) and each message is registered as
 * `booking.<key>`. A ServiceError then finds its code by its message (`refusalOf`), so a throw
 * site names the message only and a client words the refusal by its code, never by its English.
 *
 * - A message function's output is registered as it is made, with the values it was made from
 *   (`withParams`: "try again in 5 minutes" is `{ minutes: 5 }`), for the error that follows.
 * - A sentence several services say alike (`Appointment not found.`) has one code, `sharedMessages`
 *   below, registered before any service's. Any other sentence registered under two codes, or a
 *   code under two sentences, is a mistake: the first registration stands, and
 *   `messageCodeConflicts` lists it for tests/server/errorCodes.test.ts.
 */
import type { ErrorParams } from '../../contract/errors.js';

/** A refusal's code and, for a message made from values, those values. */
export interface Refusal {
  readonly code: string;
  readonly params?: ErrorParams;
}

/** One registered message: `message` is null for a message function (its words vary). */
export interface RegisteredMessage {
  readonly code: string;
  readonly message: string | null;
}

type MessageFunction = (...args: never[]) => string;
type MessageValue = string | MessageFunction;

const byMessage = new Map<string, Refusal>();
const byCode = new Map<string, string | null>();
const conflicts: string[] = [];
/** The codes of `sharedMessages`: a service may say their sentences too. */
const sharedCodes = new Set<string>();

/** The latest outputs of message functions: an error is made right after its message. */
const recent = new Map<string, Refusal>();
const recentCap = 256;

const paramMakers = new WeakMap<object, (...args: never[]) => ErrorParams>();

/** A message function whose refusal carries `params(...args)`, so a client can say it in its own words. */
export function withParams<A extends unknown[]>(say: (...args: A) => string, params: (...args: A) => ErrorParams): (...args: A) => string {
  paramMakers.set(say, params as unknown as (...args: never[]) => ErrorParams);
  return say;
}

function claimCode(code: string, message: string | null): void {
  if (!byCode.has(code)) byCode.set(code, message);
  else if (byCode.get(code) !== message) conflicts.push(`${code} names two messages: ${JSON.stringify(byCode.get(code))} and ${JSON.stringify(message)}`);
}

function registerSentence(message: string, code: string, params?: ErrorParams): void {
  const known = byMessage.get(message);
  if (!known) {
    byMessage.set(message, params ? { code, params } : { code });
    claimCode(code, message);
  } else if (known.code !== code && !sharedCodes.has(known.code)) {
    conflicts.push(`${JSON.stringify(message)} is both ${known.code} and ${code}`);
  }
}

function remember(message: string, refusal: Refusal): void {
  recent.delete(message);
  recent.set(message, refusal);
  if (recent.size > recentCap) recent.delete(recent.keys().next().value as string);
}

/** What a message object may say of some of its messages beside their words. */
export interface MessageOptions<K extends PropertyKey> {
  /** A code other than `<namespace>.<key>`: the one the answer already carries of its own. */
  codes?: Partial<Record<K, string>>;
  /** The values a fixed sentence was made from (a setting it names), for a client's own words. */
  params?: Partial<Record<K, ErrorParams>>;
}

/**
 * A service's messages, each registered as `<namespace>.<key>` (or as `options` say). Returns an
 * object of the same shape.
 */
export function defineMessages<T extends Record<string, MessageValue>>(namespace: string, messages: T, options: MessageOptions<keyof T> = {}): T {
  const defined: Record<string, MessageValue> = {};
  for (const [key, value] of Object.entries(messages)) {
    const code = options.codes?.[key as keyof T] ?? `${namespace}.${key}`;
    if (typeof value === 'string') {
      registerSentence(value, code, options.params?.[key as keyof T]);
      defined[key] = value;
      continue;
    }
    claimCode(code, null);
    const params = paramMakers.get(value);
    defined[key] = (...args: never[]) => {
      const message = value(...args);
      remember(message, params ? { code, params: params(...args) } : { code });
      return message;
    };
  }
  return defined as T;
}

/** The code (and values) of a message a service answers with; undefined for one no service registered. */
export function refusalOf(message: string): Refusal | undefined {
  return recent.get(message) ?? byMessage.get(message);
}

/** Every registered message with its code, for the tests. */
export function registeredMessages(): RegisteredMessage[] {
  return [...byCode].map(([code, message]) => ({ code, message }));
}

/** Sentences registered under two codes, or codes under two sentences (none, in a correct build). */
export function messageCodeConflicts(): readonly string[] {
  return [...conflicts];
}

/** "12 minutes" as 12: the waits of the rate limits (limits.ts minutesUntil). */
export const minutesOf = (wait: string): number => Number.parseInt(wait, 10);

/** Sentences that several services say alike, one code each. */
export const sharedMessages = defineMessages(
  'shared',
  {
    appointmentNotFound: 'Appointment not found.',
    doctorNotFound: 'Doctor not found.',
    orderNotFound: 'Order not found.',
    paymentNotFound: 'Payment not found.',
    badOrder: 'The new order must list every entry exactly once. Reload the list and try again.',
    reordered: 'Order saved.',
    appointmentCancelled: 'This appointment was cancelled.',
    notYourAppointments: 'You can see only your own appointments.',
    consultationCompleted: 'This consultation is completed: it cannot be changed.',
  } as const,
  {
    codes: {
      appointmentNotFound: 'appointment.notFound',
      doctorNotFound: 'doctor.notFound',
      orderNotFound: 'order.notFound',
      paymentNotFound: 'payment.notFound',
      badOrder: 'list.badOrder',
      reordered: 'list.reordered',
      appointmentCancelled: 'appointment.cancelled',
      notYourAppointments: 'appointment.notYourList',
      consultationCompleted: 'consultation.completed',
    },
  },
);
for (const { code } of registeredMessages()) sharedCodes.add(code);
