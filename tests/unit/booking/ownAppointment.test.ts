import { describe, expect, it } from 'vitest';
import { appointmentMessages } from '../../../server/services/appointments';
import { ownAppointment } from '../../../server/services/booking/checks/ownAppointment';
import type { StoredAppointment } from '../../../server/repositories/appointmentRecords';
import { refusal } from './support';

const stored = { userId: 'user-1' } as StoredAppointment;

describe('ownAppointment', () => {
  it('answers the caller’s own appointment', () => {
    expect(ownAppointment(stored, 'user-1')).toBe(stored);
  });

  it('refuses somebody else’s appointment as one that does not exist (404 alike)', async () => {
    const none = await refusal(() => ownAppointment(null, 'user-1'));
    expect(none).toEqual({ status: 404, message: appointmentMessages.notFound, fields: [] });
    expect(await refusal(() => ownAppointment(stored, 'user-2'))).toEqual(none);
  });
});
