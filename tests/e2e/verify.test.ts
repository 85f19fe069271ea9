// The public verify page in a real browser, against the production server: the QR code's short
// address (/verify/<code>) lands on #/verify/<code>; a code the clinic never issued is "Not found",
// with the code grouped as printed. At phone and desktop width, with no serious or critical axe
// violation and a screenshot of each.
import { describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, newContext, PHONE, screenshot, useSite } from './harness';

const site = useSite();
const code = 'KH5EEHNEMVLMJU6Y4NYPBR5UB4';

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the verify page at %s width', (name, viewport) => {
  test('the QR code address opens the page; an unknown code says so, in words, with the code grouped as printed', async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const { page, watch } = await site.open(context);
      await page.goto(`${site.server.url}/verify/${code}`, { waitUntil: 'load' });
      expect(site.routeOf(page)).toBe(`/verify/${code}`);
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Not found' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Verify a prescription');
      expect(await page.getByText('Code KH5E-EHNE-MVLM-JU6Y-4NYP-BR5U-B4').count()).toBe(1);
      await expectNoA11yViolations(page, `verify ${name}`);
      await screenshot(page, `verify-unknown-${name}`);
      watch.assertClean();
    } finally {
      await context.close();
    }
  });
});
