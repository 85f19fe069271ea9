// Loaded into a server process by a browser suite that runs it on a shifted clock
// (`node --import` through NODE_OPTIONS, support/clinicClock.ts): Date, and so Date.now and
// everything read from them, is E2E_CLOCK_SHIFT_MS ahead (or behind) of the machine's clock
// while time flows as usual. PGlite's now() reads the same Date.now, so the database, pg-boss's
// schedules and the services' `now` agree. Never part of the production bundle.
const shift = Number(process.env.E2E_CLOCK_SHIFT_MS ?? '0');
if (!Number.isFinite(shift)) throw new Error(`E2E_CLOCK_SHIFT_MS is not a number: ${process.env.E2E_CLOCK_SHIFT_MS}`);

if (shift !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  /** Date with the shifted "now": `new Date()` and `Date()`; with arguments, the machine's own. */
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate;
}
