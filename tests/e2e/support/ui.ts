/** Waits on what a person sees, shared by the browser suites: toasts, dialogs, facts, the sandbox checkout. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoA11yViolations, screenshot } from '../harness';

/** How long one step of a flow may take on a loaded 2-core machine. */
export const STEP_MS = 15_000;

/** The texts of the toasts shown now, in the live region of the given role. */
export function toastTexts(page: Page, role: 'status' | 'alert'): Promise<string[]> {
  return page.getByRole('region', { name: 'Notifications' }).getByRole(role).locator('.toast__text').allInnerTexts();
}

/** Waits for a toast with exactly this text: successes in role=status, errors in role=alert. */
export async function expectToast(page: Page, role: 'status' | 'alert', text: string): Promise<void> {
  await expect
    .poll(() => toastTexts(page, role), { message: `a toast (role=${role}) saying "${text}"`, timeout: STEP_MS, interval: 100 })
    .toContain(text);
}

/** Waits until a dialog is open and its opening animation (fade and slide) is over. */
export async function expectDialogOpen(dialog: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await dialog.isVisible()) &&
        dialog.evaluate((el) => {
          // The panel inside the <dialog> is what fades and slides in.
          const style = getComputedStyle(el.querySelector('.dialog') ?? el);
          return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
        }),
      { message: what, timeout: STEP_MS },
    )
    .toBe(true);
}

const factValue = (scope: Locator, label: string) =>
  scope.locator('div', { has: scope.page().locator(`dt:text-is("${label}")`) }).locator('dd').first();

/** The text of a fact (dt/dd pair) in a card or section. */
export function fact(scope: Locator, label: string): Promise<string> {
  return factValue(scope, label).innerText();
}

/**
 * The text as the page shows it now, '' while the element is not there: for expect.poll, whose
 * first reading may come before the element (innerText would wait its whole 10 s for it first).
 */
export async function textNow(locator: Locator): Promise<string> {
  return (await locator.count()) === 0 ? '' : locator.first().innerText({ timeout: 1_000 }).catch(() => '');
}

/** The text of a fact as the page shows it now, '' while it is not there (see textNow). */
export function factNow(scope: Locator, label: string): Promise<string> {
  return textNow(factValue(scope, label));
}

/** Every step of the booking form has faded in (axe measures contrast; screenshots show the end state). */
export async function expectBookingStepsStill(dialog: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        dialog.locator('.booking__step').evaluateAll((steps) =>
          steps.every((s) => {
            const style = getComputedStyle(s);
            return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
          }),
        ),
      { message: 'the steps of the booking form have faded in', timeout: STEP_MS },
    )
    .toBe(true);
}

/**
 * Opens My Appointment's "Earlier" group (past and cancelled appointments, collapsed unless one of
 * them asks for something) when it is there and closed, so its cards can be read.
 */
export async function openEarlier(page: Page): Promise<void> {
  const earlier = page.locator('details.appointments__earlier');
  if ((await earlier.count()) === 0) return;
  if (!(await earlier.evaluate((details) => (details as HTMLDetailsElement).open))) await earlier.locator('summary').click();
}

/**
 * The sandbox checkout, served from the site's own `origin`: waits for it, checks the amount it
 * shows, runs `beforePay` (a screenshot, say), then presses Pay.
 */
export async function sandboxCheckout(page: Page, origin: string, rupees: number, beforePay: () => Promise<unknown>): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/checkout/'), { timeout: STEP_MS, waitUntil: 'load' });
  expect(new URL(page.url()).origin, 'the sandbox checkout is served from our origin').toBe(origin);
  const amount = (await page.locator('main .amount').innerText()).replace(/[\s,]/g, '');
  expect(amount, 'the checkout shows the amount').toBe(`₹${rupees.toFixed(2)}`);
  await beforePay();
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Runs a journey's steps in order (each acts on what the one before made), naming the step in
 * the failure's message.
 */
export async function runJourney(steps: ReadonlyArray<readonly [string, () => Promise<void>]>): Promise<void> {
  for (const [name, run] of steps) {
    try {
      await run();
    } catch (error) {
      if (error instanceof Error) error.message = `step "${name}": ${error.message}`;
      throw error;
    }
  }
}

/**
 * A screen as the suites review it: the toasts dismissed, axe (no serious or critical violation),
 * no sideways scroll, and a full-page screenshot `test-results/screenshots/<shot>.png`.
 */
export async function reviewScreen(page: Page, shot: string, what: string): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await expectNoA11yViolations(page, what);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await screenshot(page, shot);
}
