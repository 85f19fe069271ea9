import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { doctorKnown } from '../../../server/services/booking/checks/doctorKnown';
import { NotFoundError } from '../../../server/services/errors';
import { bookingFields, plan, refusal } from './support';

describe('doctorKnown', () => {
  it('answers the plan of a doctor who is there', () => {
    const p = plan();
    expect(doctorKnown(p, bookingFields)).toBe(p);
  });

  it('refuses no plan (unknown or retired) with the request’s own answer', async () => {
    expect(await refusal(() => doctorKnown(null, bookingFields))).toEqual({ status: 400, message: bookingMessages.doctorUnknown, fields: ['doctorEmail'] });
    const moveFields = { ...bookingFields, noDoctor: () => new NotFoundError(bookingMessages.doctorUnknown) };
    expect(await refusal(() => doctorKnown(null, moveFields))).toEqual({ status: 404, message: bookingMessages.doctorUnknown, fields: [] });
  });
});
