// The owner's view in a real browser against the production server: an admin opens Insights
// (two paid visits of today written before the start), switches the period, the location and
// the doctor, and downloads the summary's CSV, whose rows are the table's numbers. The chart
// library (uPlot) comes with this section only: the home page and the console's Today screen fetch no script
// that holds it. Every screen is checked with axe and for sideways scrolling, and photographed
// to test-results/screenshots/insights-*.png, at 1280 and 375 px.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { clinicToday } from '../../contract/clinicTime';
import { useSite, type Viewport } from './harness';
import { writePaidVisits } from './support/paidVisits';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { STEP_MS, reviewScreen } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const adminEmail = 'owner.admin@clinic-e2e.example';
const patientEmail = 'insights.patient@clinic-e2e.example';
const people = preparedPeople(
  [
    { email: adminEmail, firstName: 'Anand', lastName: 'Gokhale' },
    { email: patientEmail, firstName: 'Sushma', lastName: 'Pawar' },
  ],
  { admin: adminEmail },
);
const today = clinicToday();
const visit = (n: number, doctorEmail: string, location: string, time: string) => ({
  email: patientEmail, doctorEmail, location, date: today, time, consultationType: 'Clinic Visit' as const, fee: 500, number: 935000 + n, firstName: 'Sushma', lastName: 'Pawar',
});
const site = useSite(async () => ({
  prepare: async (dataDir: string) => {
    await people.prepare(dataDir);
    await writePaidVisits(dataDir, [
      visit(1, 'meera.kulkarni@sahaj-clinic.example', 'Aundh', '23:00'),
      visit(2, 'kavita.iyer@sahaj-clinic.example', 'Hadapsar', '23:15'),
    ]);
  },
}));

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** The scripts a page fetched that hold uPlot (its CSS class names are in its code). */
function chartScripts(page: Page): Set<string> {
  const found = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('u-over') && body.includes('u-axis')) found.add(response.url());
  });
  return found;
}

const summaryCell = async (page: Page, figure: string) =>
  (await page.getByRole('region', { name: 'Summary', exact: true }).getByRole('row', { name: new RegExp(`^${figure} `) }).innerText()).split('\t')[1]?.trim();

async function openInsights(viewport: Viewport) {
  const context = await signedInContext(site.browser, viewport, people.account(adminEmail).token);
  closers.push(() => context.close());
  const { page } = await site.open(context);
  const charts = chartScripts(page);
  // The home page, then the console's Today: neither fetches the chart library.
  await page.goto(`${site.server.url}/`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.goto(`${site.server.url}/#/staff/today`, { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: STEP_MS }).toBeTruthy();
  await page.waitForLoadState('networkidle');
  expect([...charts], 'the chart library on the console before Insights is opened').toEqual([]);
  await page.goto(`${site.server.url}/#/staff/insights`, { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Insights' }).count(), { message: 'the Insights heading', timeout: STEP_MS }).toBe(1);
  await expect.poll(() => summaryCell(page, 'Booked'), { message: "this month's bookings", timeout: STEP_MS }).toBe('2');
  await expect.poll(() => charts.size, { message: 'the chart library, with Insights', timeout: STEP_MS }).toBe(1);
  return page;
}

const settled = (page: Page) => expect.poll(() => page.locator('.insights[aria-busy="false"]').count(), { timeout: STEP_MS }).toBe(1);

describe('the owner’s view', () => {
  test('1280 px: opens on this month, switches period, location and doctor, downloads a CSV', async () => {
    const page = await openInsights(DESKTOP);
    await expect.poll(() => page.locator('.insights-chart canvas').count(), { message: 'the charts drawn', timeout: STEP_MS }).toBeGreaterThan(3);
    await reviewScreen(page, 'insights-month-1280', 'Insights, this month, at 1280 px');

    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Aundh' });
    await settled(page);
    await expect.poll(() => summaryCell(page, 'Booked'), { message: 'Aundh only', timeout: STEP_MS }).toBe('1');
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'All' });
    await page.getByLabel('Doctor', { exact: true }).selectOption({ label: 'Dr. Kavita Iyer' });
    await settled(page);
    await expect.poll(() => summaryCell(page, 'Booked'), { message: 'Dr. Kavita only', timeout: STEP_MS }).toBe('1');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 90 days' });
    await page.getByLabel('Group by', { exact: true }).selectOption({ label: 'Week' });
    await settled(page);
    await expect.poll(() => summaryCell(page, 'Booked'), { message: 'the 90 days, Dr. Kavita', timeout: STEP_MS }).toBe('1');
    await reviewScreen(page, 'insights-filtered-1280', 'Insights, 90 days by week, one doctor, at 1280 px');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Summary', exact: true }).getByRole('button', { name: /^Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^insights-summary-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('Figure,This period,Previous period');
    expect(rows).toContain('Booked,1,0');
    expect(rows).toContain('Fees,500,0');
  });

  test('375 px: the same view on a phone', async () => {
    const page = await openInsights(PHONE);
    await reviewScreen(page, 'insights-month-375', 'Insights, this month, at 375 px');
  });
});
