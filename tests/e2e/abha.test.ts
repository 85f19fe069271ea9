// The patient's ABHA on /account, in a real browser at 1280 and 375 px against the production
// server: a picture of an ABHA card's QR (the camera faked with a chosen file; the newer `phr`
// layout at one width, the older `hid` at the other) is read in the browser (jsQR, fetched only
// then) and saved at once; it is removed; a number typed with a wrong length is named at its field
// before any request, then typed right and saved; removed again. Screenshots
// test-results/screenshots/abha-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, describe, expect, test } from 'vitest';
import { screenshot, useSite, type Viewport } from './harness';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { expectToast, STEP_MS } from './support/ui';
import { freePort } from './support/server.mjs';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const admin = 'clinic.admin@abha-e2e.example';
const asha = (w: number) => `asha.${w}@abha-e2e.example`;
const people = preparedPeople(
  [{ email: admin, firstName: 'Kiran', lastName: 'Rao' }, ...[DESKTOP.width, PHONE.width].map((w) => ({ email: asha(w), firstName: 'Asha', lastName: 'Kale' }))],
  { admin },
);

const site = useSite(async () => {
  const port = await freePort();
  return { port, prepare: (dataDir: string) => people.prepare(dataDir), env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' } };
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

/** The card's QR as a photo would hold it: the JSON of one of the two published layouts. */
const cardQr = (width: number) =>
  QRCode.toBuffer(
    JSON.stringify(
      width === DESKTOP.width
        ? { hidn: '91-5020-3070-4012', phr: 'asha.kale@abdm', name: 'Asha Kale', gender: 'F', dob: '12-04-1958', mobile: '9822012345', district_name: 'PUNE', state_name: 'MAHARASHTRA' }
        : { hidn: '91-5020-3070-4013', hid: 'asha.kale375@ndhm', name: 'Asha Kale', gender: 'F', dob: '12/4/1958', mobile: '9822012345', 'dist name': 'Pune', 'state name': 'MAHARASHTRA' },
    ),
    { type: 'png', margin: 4, scale: 6 },
  );

async function accountPage(width: number, viewport: Viewport): Promise<Page> {
  const context = await signedInContext(site.browser, viewport, people.account(asha(width)).token);
  contexts.push(context);
  const { page } = await site.open(context);
  await page.goto(site.url('/account'), { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('button', { name: 'Add ABHA', exact: true }).isVisible(), { message: 'the ABHA section', timeout: STEP_MS }).toBe(true);
  return page;
}

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('ABHA on /account at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;

  test('adds the ABHA from a picture of the card\'s QR, removes it, adds it typed, removes it', async () => {
    const page = await accountPage(width, viewport);
    const section = page.locator('section.abha');
    const jsQr: string[] = [];
    page.on('request', (r) => {
      if (/jsQR|jsqr/i.test(r.url())) jsQr.push(r.url());
    });

    await section.getByRole('button', { name: 'Add ABHA', exact: true }).click();
    await screenshot(page, `abha-form-${width}`);
    await section.locator('input[data-field="abhaQr"]').setInputFiles({ name: 'abha-card.png', mimeType: 'image/png', buffer: await cardQr(width) });
    await expectToast(page, 'status', 'ABHA saved.');
    const number = width === DESKTOP.width ? '91-5020-3070-4012' : '91-5020-3070-4013';
    const address = width === DESKTOP.width ? 'asha.kale@abdm' : 'asha.kale375@ndhm';
    await expect.poll(() => section.locator('.abha__number').textContent(), { message: 'the number as the card prints it', timeout: STEP_MS }).toBe(number);
    expect(await section.textContent()).toContain(address);
    expect(await section.textContent()).toContain("Read from the card's QR");
    expect(jsQr.length, 'the QR reader was fetched when the picture was read').toBeGreaterThan(0);
    await screenshot(page, `abha-on-file-${width}`);

    await section.getByRole('button', { name: 'Remove ABHA', exact: true }).click();
    await expectToast(page, 'status', 'ABHA removed.');
    await expect.poll(() => section.textContent(), { message: 'none on file', timeout: STEP_MS }).toContain('No ABHA on file.');

    await section.getByRole('button', { name: 'Add ABHA', exact: true }).click();
    const field = section.getByLabel('ABHA number', { exact: true });
    await field.fill('91-5020-3070-401');
    await section.getByRole('button', { name: 'Save ABHA', exact: true }).click();
    await expect.poll(() => field.getAttribute('aria-invalid'), { message: 'the number is marked invalid', timeout: STEP_MS }).toBe('true');
    const problem = await field.evaluate((el) => document.getElementById((el.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '')?.textContent ?? '');
    expect(problem).toBe('ABHA number must be a 14-digit ABHA number, like 12-3456-7890-1234');
    await screenshot(page, `abha-error-${width}`);
    await field.fill('91 5020 3070 4014');
    await section.getByRole('button', { name: 'Save ABHA', exact: true }).click();
    await expectToast(page, 'status', 'ABHA saved.');
    await expect.poll(() => section.locator('.abha__number').textContent(), { message: 'the typed number', timeout: STEP_MS }).toBe('91-5020-3070-4014');
    expect(await section.textContent()).toContain('Typed in');
    await section.getByRole('button', { name: 'Remove ABHA', exact: true }).click();
    await expect.poll(() => section.textContent(), { message: 'none on file', timeout: STEP_MS }).toContain('No ABHA on file.');
  });
});
