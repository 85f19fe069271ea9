import { describe, expect, it } from 'vitest';
import { holdIsLive } from '../../../server/services/booking/slotIndex';
import { statusAt } from '../../../server/services/booking/status';

/** Booked for 10:00 clinic time on 2025-03-11, a 30-minute slot: it ends at 10:30 IST (05:00 UTC). */
type Stored = Parameters<typeof statusAt>[0];
const booked = { record: { appointmentStatus: 'Booked', date: '2025-03-11', startTime: '10:00' }, slotMinutes: 30 } as Stored;

describe('statusAt', () => {
  it('reads a Booked appointment as Booked until its slot ends, then Expired (clinic time)', () => {
    expect(statusAt(booked, new Date('2025-03-11T04:59:59Z'))).toBe('Booked');
    expect(statusAt(booked, new Date('2025-03-11T05:00:00Z'))).toBe('Expired');
  });

  it('answers any other stored status as it is', () => {
    for (const appointmentStatus of ['Completed', 'Cancelled', 'Missed'] as const) {
      expect(statusAt({ ...booked, record: { ...booked.record, appointmentStatus } } as Stored, new Date('2030-01-01T00:00:00Z'))).toBe(appointmentStatus);
    }
  });
});

describe('holdIsLive', () => {
  const at = new Date('2025-03-11T04:00:00Z');
  it('is live while it holds the slot and its time has not run out', () => {
    expect(holdIsLive({ holdsSlot: true, holdExpiresAt: new Date(at.getTime() + 1) }, at)).toBe(true);
  });
  it('is not once released, without an expiry (paid), or at its expiry', () => {
    expect(holdIsLive({ holdsSlot: false, holdExpiresAt: new Date(at.getTime() + 60_000) }, at)).toBe(false);
    expect(holdIsLive({ holdsSlot: true, holdExpiresAt: null }, at)).toBe(false);
    expect(holdIsLive({ holdsSlot: true, holdExpiresAt: at }, at)).toBe(false);
  });
});
