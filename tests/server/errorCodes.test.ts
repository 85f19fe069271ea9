/**
 * Every refusal carries a stable code (contract/errors.ts): each message of every service's
 * message object is registered under one code of its own (server/services/messageCodes.ts), a
 * ServiceError finds its code by its message, and the app's own refusals (bad input, no such
 * endpoint, too large, a crash) answer the generic codes. Bare Fastify with test routes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, genericErrorCode } from '../../contract/errors.js';
import { webhookMessages } from '../../server/payment/plugin.js';
import { apiError, registerErrorHandling } from '../../server/http/errors.js';
import { passwordMessages } from '../../server/security/passwordPolicy.js';
import { accountMessages } from '../../server/services/accounts.js';
import { appointmentMessages, bookingMessages } from '../../server/services/appointments.js';
import { chatMessages } from '../../server/services/chat.js';
import { consultationMessages } from '../../server/services/consultations.js';
import {
  BadRequestError,
  ConflictWithBodyError,
  NotFoundError,
  ServiceError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../server/services/errors.js';
import { defineMessages, messageCodeConflicts, refusalOf, registeredMessages, withParams } from '../../server/services/messageCodes.js';
import { otpMessages } from '../../server/services/otp.js';
import { paymentMessages } from '../../server/services/payments.js';
import { peopleMessages } from '../../server/services/people.js';
import { queueMessages } from '../../server/queue/messages.js';
import { recordMessages } from '../../server/services/records.js';
import { horizonMessages } from '../../server/services/schedule.js';
import { sessionMessages } from '../../server/services/sessions.js';
import { staffMessages } from '../../server/services/staff.js';
import { adminMessages } from '../../server/services/staffAdmin/messages.js';
import { scheduleMessages } from '../../server/services/staffSchedule.js';
import { deskMessages } from '../../server/desk/messages.js';
import { dispensaryMessages } from '../../server/dispensary/messages.js';
import { mobileMessages } from '../../server/mobile/messages.js';

const groups = {
  accountMessages,
  adminMessages,
  appointmentMessages,
  bookingMessages,
  chatMessages,
  consultationMessages,
  deskMessages,
  dispensaryMessages,
  horizonMessages,
  mobileMessages,
  otpMessages,
  passwordMessages,
  paymentMessages,
  peopleMessages,
  queueMessages,
  recordMessages,
  scheduleMessages,
  sessionMessages,
  staffMessages,
  webhookMessages,
};

/** Sample arguments of every message function: a new one fails below until it has some here. */
const samples: Record<string, unknown[]> = {
  'accountMessages.tooManyFailuresForAccount': ['12 minutes'],
  'accountMessages.tooManyFailuresForClient': ['12 minutes'],
  'otpMessages.tooManySendsForAddress': ['12 minutes'],
  'otpMessages.tooManySendsForClient': ['12 minutes'],
  'mobileMessages.tooManySendsForPhone': ['12 minutes'],
  'mobileMessages.tooManySendsForClient': ['12 minutes'],
  'mobileMessages.tooManyPasswordTries': ['12 minutes'],
  'staffMessages.completionNotOpen': ['10:50', 10],
  'staffMessages.missedNotYet': ['11:30'],
  'adminMessages.locationInUse': [2, 3],
  'scheduleMessages.orphans': [3],
  'passwordMessages.tooShort': [8],
  'horizonMessages.beyondHorizon': [90],
  'passwordMessages.guessable': ['keyboard'],
};

function sample(name: string, say: (...args: never[]) => string): string {
  const args = samples[name];
  expect(args, `${name} has sample arguments`).toBeDefined();
  return (say as (...args: unknown[]) => string)(...args!);
}

describe('the message codes', () => {
  it('give every message of every message object a code, one code per sentence', () => {
    const codeOf = new Map<string, string>();
    for (const [group, messages] of Object.entries(groups)) {
      for (const [key, value] of Object.entries(messages as Record<string, string | ((...args: never[]) => string)>)) {
        const message = typeof value === 'string' ? value : sample(`${group}.${key}`, value);
        const refusal = refusalOf(message);
        expect(refusal?.code, `${group}.${key}`).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)?$/);
        const other = [...codeOf].find(([m, code]) => code === refusal!.code && m !== message);
        expect(other, `${group}.${key}: ${refusal!.code} names another message too`).toBeUndefined();
        codeOf.set(message, refusal!.code);
      }
    }
    expect(messageCodeConflicts()).toEqual([]);
    const codes = registeredMessages().map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('carry the values a message was made from', () => {
    const wait = otpMessages.tooManySendsForClient('5 minutes');
    expect(refusalOf(wait)).toEqual({ code: 'otp.tooManySendsForClient', params: { minutes: 5 } });
    expect(refusalOf(accountMessages.tooManyFailuresForAccount('1 minute'))).toEqual({ code: 'account.tooManyFailuresForAccount', params: { minutes: 1 } });
    expect(refusalOf(scheduleMessages.orphans(2))).toEqual({ code: 'schedule.orphans', params: { count: 2 } });
    expect(refusalOf(peopleMessages.tooMany)).toEqual({ code: 'people.tooMany', params: { max: 20 } });
  });

  it('say a sentence several services share with one code', () => {
    expect(refusalOf(paymentMessages.appointmentNotFound)?.code).toBe('appointment.notFound');
    expect(refusalOf(chatMessages.notFound)?.code).toBe('appointment.notFound');
    expect(refusalOf(bookingMessages.doctorUnknown)?.code).toBe('doctor.notFound');
  });

  it('keep the message objects as they were: strings stay strings, functions take the same arguments', () => {
    expect(bookingMessages.slotTaken).toBe('This slot is already booked');
    expect(accountMessages.tooManyFailuresForClient('3 minutes')).toBe('Too many failed logins from your network. Please try again in 3 minutes.');
  });

  it('list a sentence said under two codes as a conflict', () => {
    const before = messageCodeConflicts().length;
    defineMessages('errorCodesTest', { twice: bookingMessages.slotPast, made: withParams((n: number) => `n is ${n}`, (n) => ({ n })) });
    expect(messageCodeConflicts().slice(before)).toEqual([`"This slot is unavailable" is both booking.slotPast and errorCodesTest.twice`]);
    expect(refusalOf(bookingMessages.slotPast)?.code).toBe('booking.slotPast');
  });
});

describe('a ServiceError', () => {
  it('takes the code its message is registered under, else the generic code of its status', () => {
    expect(new ServiceError(409, bookingMessages.slotTaken).code).toBe('booking.slotTaken');
    expect(new UnauthorizedError(accountMessages.badCredentials).code).toBe('account.badCredentials');
    expect(new NotFoundError('No record like that.').code).toBe('request.notFound');
    expect(new ServiceError(418, 'I am a teapot.').code).toBe('request.refused');
    expect(new ServiceError(409, bookingMessages.slotTaken, undefined, {}, { code: 'explicit.code' }).code).toBe('explicit.code');
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    app = Fastify({ bodyLimit: 100 });
    registerErrorHandling(app);
    app.post('/api/taken', async () => {
      throw new ServiceError(409, bookingMessages.slotTaken);
    });
    app.post('/api/wait', async () => {
      throw new TooManyRequestsError(otpMessages.tooManySendsForAddress('4 minutes'), 240);
    });
    app.post('/api/field', async () => {
      throw new BadRequestError(chatMessages.photoRequired, [{ field: 'photo', message: chatMessages.photoRequired }]);
    });
    app.post('/api/orphans', async () => {
      throw new ConflictWithBodyError({ message: scheduleMessages.orphans(1), affected: [] });
    });
    app.post('/api/own-code', async () => {
      throw new ConflictWithBodyError({ message: staffMessages.missedChat, code: 'didNotAttendChat' });
    });
    app.post('/api/crash', async () => {
      throw new Error('the database said something private');
    });
    await app.ready();
  });

  afterEach(() => app.close());

  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  it("answers a service's refusal with its code, message, values and fields", async () => {
    expect((await post('/api/taken')).json()).toEqual({ code: 'booking.slotTaken', message: 'This slot is already booked' });
    const wait = await post('/api/wait');
    expect([wait.statusCode, wait.json()]).toEqual([
      429,
      { code: 'otp.tooManySendsForAddress', message: 'Too many codes were sent to this email. Please try again in 4 minutes.', params: { minutes: 4 } },
    ]);
    expect((await post('/api/field')).json()).toEqual({
      code: 'chat.photoRequired',
      message: 'Choose a photo to send.',
      errors: [{ field: 'photo', message: 'Choose a photo to send.' }],
    });
  });

  it("adds the code to a conflict's own body, unless it has one", async () => {
    expect((await post('/api/orphans')).json()).toEqual({
      message: scheduleMessages.orphans(1),
      affected: [],
      code: 'schedule.orphans',
      params: { count: 1 },
    });
    expect((await post('/api/own-code')).json()).toEqual({ message: staffMessages.missedChat, code: 'didNotAttendChat' });
  });

  it("answers its own refusals with the generic codes, every one an ApiError", async () => {
    const answers = {
      invalid: await app.inject({ method: 'POST', url: '/api/taken', headers: { 'content-type': 'application/json' }, payload: '{' }),
      notFound: await app.inject('/api/nowhere'),
      tooLarge: await post('/api/taken', { text: 'x'.repeat(200) }),
      notJson: await app.inject({ method: 'POST', url: '/api/taken', headers: { 'content-type': 'text/xml' }, payload: '<hello/>' }),
      crash: await post('/api/crash'),
    };
    expect(answers.invalid.json()).toEqual({ code: 'request.invalid', message: 'Invalid request', errors: [{ field: '(body)', message: 'must be valid JSON' }] });
    expect(answers.notFound.json()).toEqual({
      code: 'request.notFound',
      message: 'No such API endpoint: GET /api/nowhere',
      params: { method: 'GET', path: '/api/nowhere' },
    });
    expect([answers.tooLarge.statusCode, answers.tooLarge.json()]).toEqual([413, { code: 'request.tooLarge', message: 'The request is too large.' }]);
    expect([answers.notJson.statusCode, answers.notJson.json()]).toEqual([415, { code: 'request.notJson', message: 'Send the request body as application/json.' }]);
    expect([answers.crash.statusCode, answers.crash.json()]).toEqual([500, { code: 'server.error', message: 'Something went wrong.' }]);
    for (const [name, answer] of Object.entries(answers)) expect(ApiError.is(answer.json()), name).toBe(true);
  });

  it('words a refusal made outside a service by its registered code, else by its status', () => {
    expect(apiError(401, webhookMessages.forged)).toEqual({ code: 'webhook.forged', message: webhookMessages.forged });
    expect(apiError(400, 'Something unheard of.', [{ field: 'code', message: 'is unknown' }])).toEqual({
      code: genericErrorCode(400),
      message: 'Something unheard of.',
      errors: [{ field: 'code', message: 'is unknown' }],
    });
    expect(apiError(401, sessionMessages.missing).code).toBe('session.missing');
  });
});
