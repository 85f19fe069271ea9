import { describe, expect, it } from 'vitest';
import {
  affectedOf,
  asApiFailure,
  describeFailure,
  fieldErrorsOf,
  isAnswered,
  isForbidden,
  isRefused,
  isSlotTaken,
  isUnauthorized,
  serverWordsOr,
  type ApiFailure,
} from '../../machines/failures.js';
import { failureCode, refusedWithCode } from '../../machines/shared/refusalCode.js';
import { appointment } from '../machines/appointmentFakes.js';

const http = (status: number, extra: object = {}): ApiFailure => ({ _tag: 'HttpFailure', status, message: `Refused ${status}.`, ...extra });
const network: ApiFailure = { _tag: 'NetworkFailure', message: 'Failed to fetch' };
const decode: ApiFailure = { _tag: 'DecodeFailure', message: 'token: is required', errors: [{ field: 'token', message: 'is required' }] };
const guard = (g: typeof isUnauthorized, error: unknown) => g({ context: {} }, { error });

describe('the failure guards', () => {
  it('each answers for its own statuses only', () => {
    const cases: [typeof isUnauthorized, number[]][] = [
      [isUnauthorized, [401]],
      [isForbidden, [403]],
      [isSlotTaken, [409]],
      [isRefused, [400, 401, 403, 404, 409, 429]],
      [isAnswered, [400, 401, 403, 404, 409, 429, 500, 503]],
    ];
    for (const [g, yes] of cases) {
      for (const status of [400, 401, 403, 404, 409, 429, 500, 503]) expect(guard(g, http(status))).toBe(yes.includes(status));
      expect(guard(g, network)).toBe(false);
      expect(guard(g, decode)).toBe(false);
    }
  });

  it('read anything that is not an ApiFailure as no answer', () => {
    for (const odd of [null, undefined, 'x', new Error('boom'), { status: 401 }, { _tag: 'HttpFailure', status: '401' }]) {
      expect(guard(isUnauthorized, odd)).toBe(false);
      expect(describeFailure(odd)).toEqual({ kind: 'unanswered' });
      expect(asApiFailure(odd)._tag).toBe('NetworkFailure');
    }
  });
});

describe('failureCode and refusedWithCode', () => {
  it("read the refusal's code, its status's generic code when it carried none, and nothing for no answer", () => {
    expect(failureCode(http(409, { code: 'booking.slotTaken' }))).toBe('booking.slotTaken');
    expect(failureCode(http(409))).toBe('request.conflict');
    expect(failureCode(http(502, { generic: true }))).toBe('server.unavailable');
    expect(failureCode(http(418))).toBe('request.refused');
    expect(failureCode(network)).toBeNull();
    expect(failureCode(decode)).toBeNull();
    expect(refusedWithCode(http(409, { code: 'booking.slotTaken' }), 'booking.alreadyYours', 'booking.slotTaken')).toBe(true);
    expect(refusedWithCode(http(409, { code: 'booking.alreadyYours' }), 'booking.slotTaken')).toBe(false);
    expect(refusedWithCode(network, 'server.error')).toBe(false);
  });
});

describe('describeFailure and serverWordsOr', () => {
  it("keep the server's own words, never the client's generic text", () => {
    expect(describeFailure(http(409))).toEqual({ kind: 'refused', status: 409, text: 'Refused 409.' });
    expect(describeFailure(http(502, { generic: true }))).toEqual({ kind: 'refused', status: 502, text: null });
    expect(serverWordsOr(http(409), { kind: 'other' })).toEqual({ kind: 'server', text: 'Refused 409.' });
    expect(serverWordsOr(http(502, { generic: true }), { kind: 'other' })).toEqual({ kind: 'other' });
    expect(serverWordsOr(network, { kind: 'other' })).toEqual({ kind: 'other' });
  });
});

describe('fieldErrorsOf and affectedOf', () => {
  it("read a 400's fields (the first message per field) and an orphan 409's bookings, nothing else", () => {
    const errors = [
      { field: 'name', message: 'is required' },
      { field: 'name', message: 'second' },
      { field: 'hours.2.start', message: 'is not a time' },
    ];
    expect(fieldErrorsOf(http(400, { errors }))).toEqual({ name: 'is required', 'hours.2.start': 'is not a time' });
    expect(fieldErrorsOf(http(409, { errors }))).toEqual({});
    const booked = appointment();
    expect(affectedOf(http(409, { affected: [booked] }))).toEqual([booked]);
    expect(affectedOf(http(409))).toBeNull();
    expect(affectedOf(http(400, { affected: [booked] }))).toBeNull();
  });
});
