// The dispensary in a real browser against the production server, as the clinic's admin keeps it:
// at 1280 px the console's Dispensary shows the seeded stock of the first location and what runs
// low (FERRUM PHOSPHORICUM 6X starts at 3, low at 5); the admin receives 12 packs of ARNICA MONTANA
// 30C (40 -> 52) and adds a remedy to the catalogue; at 375 px the same page on a phone. Every
// screen is checked with axe and for sideways scrolling, and photographed to
// test-results/screenshots/dispensary-*.png.
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { useSite, type Viewport } from './harness';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { expectToast, STEP_MS, reviewScreen } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const adminEmail = 'stock.admin@clinic-e2e.example';
const people = preparedPeople([{ email: adminEmail, firstName: 'Meghana', lastName: 'Joshi' }], { admin: adminEmail });
const site = useSite(async () => ({ prepare: people.prepare }));

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function openDispensary(viewport: Viewport): Promise<Page> {
  const context = await signedInContext(site.browser, viewport, people.account(adminEmail).token);
  closers.push(() => context.close());
  const { page } = await site.open(context);
  await page.goto(`${site.server.url}/#/staff/dispensary`, { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Dispensary' }).count(), { message: 'the Dispensary heading', timeout: STEP_MS }).toBe(1);
  return page;
}

const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** A screen checked (axe, no sideways scroll) and photographed, without toasts. */
const review = (page: Page, name: string, width: number) => reviewScreen(page, `dispensary-${name}-${width}`, `${name} at ${width} px`);

describe('the dispensary', () => {
  test('1280 px: the stock and what runs low; stock received; a remedy added to the catalogue', async () => {
    const page = await openDispensary(DESKTOP);
    const stock = section(page, 'Stock');
    const arnica = stock.getByRole('listitem').filter({ hasText: 'ARNICA MONTANA 30C' });
    await expect.poll(() => arnica.count(), { message: 'ARNICA MONTANA 30C in the stock list', timeout: STEP_MS }).toBe(1);
    await expect.poll(() => arnica.innerText(), { message: 'its seeded level', timeout: STEP_MS }).toContain('40');
    await expect
      .poll(() => section(page, 'Running low').innerText(), { message: 'FERRUM PHOSPHORICUM 6X runs low', timeout: STEP_MS })
      .toContain('FERRUM PHOSPHORICUM 6X');
    await review(page, 'stock', DESKTOP.width);

    await stock.getByRole('button', { name: 'Receive ARNICA MONTANA 30C', exact: true }).click();
    await page.getByLabel('Packs received', { exact: true }).fill('12');
    await page.getByLabel('Note (optional: invoice, supplier)', { exact: true }).fill('Invoice 2291');
    await review(page, 'receive', DESKTOP.width);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'status', 'Stock received.');
    await expect.poll(() => arnica.innerText(), { message: 'the level after 12 packs came in', timeout: STEP_MS }).toContain('52');

    const catalogue = section(page, 'Catalogue');
    await catalogue.getByRole('button', { name: 'Add a remedy', exact: true }).click();
    await catalogue.getByLabel('Name', { exact: true }).fill('Thuja occidentalis');
    await catalogue.getByLabel('Form', { exact: true }).selectOption({ label: 'Dilution' });
    await catalogue.getByLabel('Potency', { exact: true }).fill('200c');
    await catalogue.getByLabel('Pack', { exact: true }).fill('30 ml');
    await catalogue.getByLabel('Price (₹)', { exact: true }).fill('180');
    await catalogue.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => catalogue.getByRole('listitem').filter({ hasText: /THUJA OCCIDENTALIS|Thuja occidentalis/ }).count(), { message: 'the new remedy in the catalogue', timeout: STEP_MS })
      .toBe(1);
    await review(page, 'catalogue', DESKTOP.width);
  });

  test('375 px: the same page on a phone', async () => {
    const page = await openDispensary(PHONE);
    await expect
      .poll(() => section(page, 'Stock').getByRole('listitem').count(), { message: 'the stock list', timeout: STEP_MS })
      .toBeGreaterThan(5);
    await review(page, 'stock', PHONE.width);
  });
});
