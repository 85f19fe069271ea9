/**
 * When a pending payment is checked with its provider (server/jobs/reconcile.ts): PhonePe's
 * documented reconciliation schedule for a payment still PENDING ("Check Status API -
 * Reconciliation [MANDATORY]", developer.phonepe.com/v1/reference/check-status-api-1):
 *
 *   the first status check 20-25 seconds after the transaction starts, then
 *   every 3 seconds for the next 30 seconds,
 *   every 6 seconds for the next 60 seconds,
 *   every 10 seconds for the next 60 seconds,
 *   every 30 seconds for the next 60 seconds, and then
 *   every minute until the order times out.
 *
 * As offsets from the checkout's start: 25; 28..55 by 3; 61..115 by 6; 125..175 by 10; 205, 235;
 * then 295, 355, ... by 60. The timeout is ours: a payment still pending `staleAfterMs` past its
 * checkout's expiry (PhonePe closes an order at its expiry; our sandbox never does) is given up on
 * at that instant, the last check.
 */

/** The first check, seconds after the checkout opened (the end of PhonePe's 20-25 s). */
export const firstCheckSeconds = 25;

/** Given up on this long after the checkout's expiry (PhonePe's own timeout has passed by then). */
export const staleAfterMs = 10 * 60_000;

/** PhonePe allows an order 5 minutes to an hour; our payments made before migration 018 have no expiry: an hour. */
export const minimumExpiryMs = 5 * 60_000;
export const unknownExpiryMs = 60 * 60_000;

const phases: readonly { every: number; until: number }[] = [
  { every: 3, until: 55 },
  { every: 6, until: 115 },
  { every: 10, until: 175 },
  { every: 30, until: 235 },
];

/** The check offsets (seconds from the start) before the every-minute phase. */
export const earlyCheckOffsets: readonly number[] = (() => {
  const offsets = [firstCheckSeconds];
  for (const phase of phases) {
    for (let s = offsets[offsets.length - 1]! + phase.every; s <= phase.until; s += phase.every) offsets.push(s);
  }
  return offsets;
})();

/** The first scheduled offset (seconds) strictly after `elapsedSeconds`. */
function nextOffsetAfter(elapsedSeconds: number): number {
  for (const offset of earlyCheckOffsets) if (offset > elapsedSeconds) return offset;
  const last = earlyCheckOffsets[earlyCheckOffsets.length - 1]!;
  return last + 60 * (Math.floor((elapsedSeconds - last) / 60) + 1);
}

/** When a payment of this start and expiry is given up on if still pending. */
export function staleAt(createdAt: Date, expiresAt: Date | null): Date {
  const expiry = expiresAt ?? new Date(createdAt.getTime() + unknownExpiryMs);
  return new Date(Math.max(expiry.getTime(), createdAt.getTime() + minimumExpiryMs) + staleAfterMs);
}

/**
 * The next check after one made at `now` (a check that ran late, or a server that was down,
 * catches up with one check, not with every missed one); the stale instant is always one of them.
 * null: no check after this one (it was the stale one).
 */
export function nextCheckAt(createdAt: Date, expiresAt: Date | null, now: Date): Date | null {
  const stale = staleAt(createdAt, expiresAt);
  if (now.getTime() >= stale.getTime()) return null;
  const elapsed = (now.getTime() - createdAt.getTime()) / 1000;
  const next = new Date(createdAt.getTime() + nextOffsetAfter(Math.max(elapsed, 0)) * 1000);
  return next.getTime() < stale.getTime() ? next : stale;
}
