// The public website in a real browser, against the production server and a fresh demo clinic:
// every route at desktop and phone width (heading, no console error, no serious or critical axe
// violation, a screenshot), the navigation and the hamburger menu, the carousel controls, the
// footer links and the Login / Sign up / Book Appointment popups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, newContext, ROOT, screenshot, settle, useSite, type Viewport } from './harness';
import { expectToast } from './support/ui';

const site = useSite();

const seed = JSON.parse(readFileSync(join(ROOT, 'server/seed/demo-clinic.json'), 'utf8')) as {
  city: string;
  locations: string[];
  teams: { name: string; role: string }[];
};

const ROUTES = [
  { route: '/', name: 'home' },
  { route: '/ourtreatment', name: 'ourtreatment' },
  { route: '/gallery', name: 'gallery' },
  { route: '/aboutus', name: 'aboutus' },
  { route: '/teams', name: 'teams' },
  { route: '/contactus', name: 'contactus' },
  { route: '/termandcondition', name: 'termandcondition' },
  { route: '/privacypolicy', name: 'privacypolicy' },
  { route: '/myremedies', name: 'myremedies' },
  { route: '/no-such-page', name: 'notfound' },
] as const;

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const NAV_LINKS = [
  { name: 'Home', route: '/' },
  { name: 'Our Treatments', route: '/ourtreatment' },
  { name: 'Gallery', route: '/gallery' },
  { name: 'Teams', route: '/teams' },
  { name: 'About us', route: '/aboutus' },
  { name: 'Contact us', route: '/contactus' },
] as const;

/** The route part of the page's address: '#/gallery' -> '/gallery'. */
function routeOf(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash === '' ? '/' : hash.split('?')[0]!;
}

function mainHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

async function goto(page: Page, route: string): Promise<void> {
  await page.goto(site.url(route), { waitUntil: 'load' });
  await expect.poll(() => mainHeading(page).count(), { message: `a level-1 heading on ${route}`, timeout: 15_000 }).toBeGreaterThan(0);
}

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('every route at $viewport.width px', ({ viewport }) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, viewport);
  });
  afterAll(async () => {
    await context?.close();
  });

  test.each(ROUTES)('$route renders its main heading, no console error, no serious axe violation', async ({ route, name }) => {
    const { page } = await site.open(context);
    await goto(page, route);
    await settle(page);

    const headings = mainHeading(page);
    expect(await headings.count(), `exactly one level-1 heading on ${route}`).toBe(1);
    await expect.poll(() => headings.first().isVisible(), { message: `the heading on ${route} is visible` }).toBe(true);
    const heading = (await headings.first().innerText()).trim();
    expect(heading, `the heading on ${route} has text`).not.toBe('');
    if (name === 'notfound') expect(heading).toBe('Page not found');
    else expect(heading, `${route} is a known route`).not.toBe('Page not found');

    // The site options (from the server) loaded: the footer lists the clinic's locations.
    const footer = page.locator('footer').last();
    await expect
      .poll(() => footer.getByText(seed.locations[0]!, { exact: true }).count(), { message: `the footer lists ${seed.locations[0]} (site options loaded) on ${route}` })
      .toBeGreaterThan(0);

    // The page's landmarks are there on every route.
    expect(await page.locator('nav[aria-label="Main"]').count(), 'a <nav aria-label="Main">').toBe(1);
    expect(await page.locator('footer').count(), 'a <footer>').toBeGreaterThanOrEqual(1);
    expect(await page.locator('main').count(), 'a <main>').toBe(1);

    // Nothing wider than the window: no sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than ${viewport.width} px by ${overflow} px`).toBeLessThanOrEqual(0);

    await expectNoA11yViolations(page, `${route} at ${viewport.width} px`);
    await screenshot(page, `${name}-${viewport.width}`);
  });
});

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('the legal pages in Hindi and Marathi at $viewport.width px', ({ viewport }) => {
  const cases = [
    { language: 'hi', route: '/termandcondition', title: 'सेवा की शर्तें', englishTitle: 'Terms of Service', englishButton: 'अंग्रेज़ी पाठ पढ़ें' },
    { language: 'mr', route: '/privacypolicy', title: 'गोपनीयता धोरण', englishTitle: 'Privacy Policy', englishButton: 'इंग्रजी मजकूर वाचा' },
  ] as const;
  test.each(cases)('$route in $language says first that the English text binds, and its button shows the English', async (c) => {
    const context = await newContext(site.browser, viewport);
    try {
      // A language chosen earlier in this browser (src/i18n/language.ts keeps it under 'language').
      await context.addInitScript((language) => localStorage.setItem('language', language), c.language);
      const { page } = await site.open(context);
      await goto(page, c.route);
      await expect.poll(() => mainHeading(page).innerText(), { message: `the ${c.language} title`, timeout: 15_000 }).toBe(c.title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(`${c.language}-IN`);
      const note = page.locator('.legal__binds');
      expect(await note.count(), 'the note that the English binds').toBe(1);
      // Ten numbered sections, as in English.
      expect(await page.locator('.legal__section h2').count()).toBe(10);
      await expectNoA11yViolations(page, `${c.route} in ${c.language} at ${viewport.width} px`);
      await screenshot(page, `legal-${c.language}-${viewport.width}`, { fullPage: false });

      await note.getByRole('button', { name: c.englishButton, exact: true }).click();
      await expect.poll(() => mainHeading(page).innerText(), { message: 'the English title', timeout: 15_000 }).toBe(c.englishTitle);
      expect(await page.locator('.legal__binds').count(), 'no note on the English text').toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-IN');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('the first frame before the app starts at $viewport.width px', ({ viewport }) => {
  // The app's JavaScript never arrives here: what shows is index.html's prerendered first frame.
  async function withoutTheApp(route: string): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await newContext(site.browser, viewport);
    await context.route(/\/assets\/.*\.js$/, (r) => r.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    await page.goto(site.url(route), { waitUntil: 'load' });
    return { page, context, errors };
  }

  test('/ shows the header, the hero and its image from the HTML alone, within the CSP', async () => {
    const { page, context, errors } = await withoutTheApp('/');
    try {
      expect(await mainHeading(page).innerText()).toBe('Homeopathy for the whole family, across Pune');
      expect(await page.locator('#root[data-first-frame]').count(), 'the frame is marked as not yet the app').toBe(1);
      const hero = page.locator('img.hero-slide__image').first();
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the hero image loaded' }).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
      // Routes are hash routes: a click before the app starts goes where the app's link goes.
      expect(await page.locator('a.main-nav__link', { hasText: 'Teams' }).getAttribute('href')).toBe('#/teams');
      expect(errors, 'no CSP refusal or other console error').toEqual([]);
      await screenshot(page, `first-frame-home-${viewport.width}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });

  test('the app starts from it with the inline styles: their file is never fetched, not by a lazy route either', async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const { page } = await site.open(context);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      // The entry's stylesheet: inline in index.html, its file still named there (scripts/vite/inlineShellStyles.ts).
      const indexHtml = await (await page.request.get(site.url('/'))).text();
      const entryStyles = /<link rel="stylesheet"[^>]* href="(\/assets\/index-[\w-]+\.css)"/.exec(indexHtml)?.[1];
      expect(entryStyles, "index.html names the entry's stylesheet").toBeDefined();
      await goto(page, '/');
      // A lazy route, whose chunk lists the entry's stylesheet among its dependencies.
      await goto(page, '/teams');
      await expect.poll(() => mainHeading(page).innerText()).not.toBe('');
      await settle(page);
      const sheets = requested.filter((p) => /^\/assets\/.+\.css$/.test(p));
      expect(sheets, 'route sheets only').not.toContain(entryStyles);
      expect(sheets.length, "the route's own sheet loaded").toBeGreaterThan(0);
      // The inline styles apply (the header's colours come from them), and the CSP allowed them.
      expect(await page.locator('.contact-bar').evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      expect(errors, 'no CSP refusal or other console error').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the insight videos' posters are fetched only once their section comes near", async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const { page } = await site.open(context);
      const posters: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/media/insights/')) posters.push(path);
      });
      await goto(page, '/');
      await settle(page);
      const withPoster = page.locator('video.video-slide__video[poster]');
      expect(posters, 'no poster fetched with the first screen').toEqual([]);
      expect(await withPoster.count()).toBe(0);
      await page.locator('#home-insights').scrollIntoViewIfNeeded();
      await expect.poll(() => withPoster.count(), { message: 'each insight video has its poster' }).toBe(3);
      await expect.poll(() => posters.length, { message: 'the posters were fetched' }).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test("another route shows the header and footer, not the home page's content", async () => {
    const { page, context, errors } = await withoutTheApp('/teams');
    try {
      expect(await page.evaluate(() => document.documentElement.classList.contains('deep-link'))).toBe(true);
      expect(await mainHeading(page).isVisible(), 'the home hero stays hidden').toBe(false);
      expect(await page.locator('header.site-header').isVisible()).toBe(true);
      expect(errors, 'the inline script ran within the CSP').toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('content from the demo clinic', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('/teams shows every team member of the seed, with their role', async () => {
    const { page } = await site.open(context);
    await goto(page, '/teams');
    const main = page.locator('main');
    for (const member of seed.teams) {
      await expect.poll(() => main.getByText(member.name, { exact: true }).count(), { message: `member ${member.name}` }).toBeGreaterThan(0);
      expect(await main.getByText(member.role, { exact: true }).count(), `role of ${member.name}: ${member.role}`).toBeGreaterThan(0);
    }
  });

  test('the location picker is labelled "Location" and defaults to the city', async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const picker = page.getByLabel('Location', { exact: true });
    expect(await picker.evaluate((el) => el.tagName)).toBe('SELECT');
    const selected = await picker.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim());
    expect(selected).toBe(seed.city);
  });
});

describe('desktop header and popups (1280 px)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('the main navigation leads to every page; no hamburger on desktop', async () => {
    const { page } = await site.open(context);
    await goto(page, '/aboutus');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible(), 'the Menu button is hidden at 1280 px').toBe(false);
    expect(await nav.getByRole('button', { name: 'Book Appointment' }).isVisible(), 'Book Appointment in the nav').toBe(true);
    for (const link of NAV_LINKS) {
      const before = await mainHeading(page).innerText();
      await nav.getByRole('link', { name: link.name, exact: true }).click();
      await expect.poll(() => routeOf(page), { message: `"${link.name}" leads to ${link.route}` }).toBe(link.route);
      if (link.route !== '/aboutus') {
        await expect.poll(() => mainHeading(page).innerText(), { message: `the page changed after "${link.name}"` }).not.toBe(before);
      }
      await expect.poll(() => mainHeading(page).innerText()).not.toBe('Page not found');
      // The page's images and chunks settle before the next click: a footer that moves under the
      // pointer would take the click on its neighbour.
      await page.waitForLoadState('networkidle');
    }
  });

  // Login and Sign up open the account forms (tests/e2e/accounts.test.ts goes through them);
  // Book Appointment its own popup. Each dialog is named like the button that opens it.
  for (const name of ['Login', 'Sign up', 'Book Appointment'] as const) {
    test(`"${name}" opens a dialog named "${name}" that traps focus and closes with Escape`, async () => {
      const { page } = await site.open(context);
      await goto(page, '/');
      const button = page.getByRole('button', { name, exact: true }).first();
      await button.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible(), { message: `a dialog after "${name}"`, timeout: 10_000 }).toBe(true);
      expect(await page.getByRole('dialog', { name, exact: true }).count(), `the dialog is named "${name}"`).toBe(1);
      expect(await dialog.getAttribute('aria-modal'), 'the dialog is modal').toBe('true');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moves into the dialog').toBe(true);
      // Tab and Shift+Tab stay inside it.
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus stays in the dialog after ${key}`).toBe(true);
      }
      // axe measures contrast: not while the dialog still fades in.
      await expect
        .poll(() => dialog.evaluate((d) => getComputedStyle(d).opacity), { message: 'the dialog has faded in', timeout: 5_000 })
        .toBe('1');
      await expectNoA11yViolations(page, `the dialog opened by "${name}"`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), { message: 'Escape closes the dialog' }).toBe(0);
      expect(await button.evaluate((b) => b === document.activeElement), `focus returns to "${name}"`).toBe(true);
    });
  }
});

describe('phone hamburger menu (375 px)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, PHONE);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('Menu opens and closes the navigation, by keyboard, Escape and navigation', async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const gallery = nav.getByRole('link', { name: 'Gallery', exact: true });

    expect(await menu.isVisible(), 'a Menu button at 375 px').toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const controls = await menu.getAttribute('aria-controls');
    expect(controls, 'Menu has aria-controls').toBeTruthy();
    expect(await page.locator(`[id="${controls}"]`).count(), `aria-controls="${controls}" names an element`).toBe(1);
    expect(await gallery.isVisible(), 'the links are hidden while the menu is closed').toBe(false);

    // Open by keyboard (Enter), reach a link with Tab, close with Escape.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded'), { message: 'Enter opens the menu' }).toBe('true');
    await expect.poll(() => gallery.isVisible()).toBe(true);
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await nav.evaluate((n) => n.contains(document.activeElement) && document.activeElement?.tagName === 'A');
    }
    expect(reached, 'Tab reaches the links of the open menu').toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded'), { message: 'Escape closes the menu' }).toBe('false');
    await expect.poll(() => gallery.isVisible()).toBe(false);
    expect(await menu.evaluate((m) => m === document.activeElement), 'focus returns to Menu after Escape').toBe(true);

    // Open with Space, then navigating closes it.
    await page.keyboard.press('Space');
    await expect.poll(() => menu.getAttribute('aria-expanded'), { message: 'Space opens the menu' }).toBe('true');
    await expectNoA11yViolations(page, 'the open phone menu');
    await screenshot(page, 'menu-open-375', { fullPage: false });
    await gallery.click();
    await expect.poll(() => routeOf(page), { message: 'the Gallery link leads to /gallery' }).toBe('/gallery');
    await expect.poll(() => menu.getAttribute('aria-expanded'), { message: 'navigating closes the menu' }).toBe('false');
    await expect.poll(() => gallery.isVisible()).toBe(false);
  });
});

/** Which slide a carousel shows: the labels (or text) of the slides visible in its frame. */
function shownSlide(carousel: Locator): Promise<string> {
  return carousel.evaluate((section) => {
    const frame = section.getBoundingClientRect();
    const visible = (el: Element) => {
      if (el.closest('[aria-hidden="true"], [hidden], [inert]')) return false;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      // At least half of it inside the carousel's frame.
      const overlap = Math.min(r.right, frame.right) - Math.max(r.left, frame.left);
      return r.width > 0 && r.height > 0 && overlap >= r.width / 2;
    };
    let slides = [...section.querySelectorAll('[aria-roledescription="slide"]')];
    if (slides.length === 0) slides = [...section.querySelectorAll('img, video, figure, blockquote')];
    return slides
      .filter(visible)
      .map((el) => el.getAttribute('aria-label') || (el as HTMLImageElement).currentSrc || el.textContent?.trim().slice(0, 80) || '')
      .join(' | ');
  });
}

async function shownSlideSettled(carousel: Locator): Promise<string> {
  // A slide transition takes 1 s: wait until two readings agree on a slide. Early in a transition
  // no slide is shown (the new one is less than half in, the old one already inert): two such
  // readings 300 ms apart on a loaded machine are not a settled carousel.
  let last = await shownSlide(carousel);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await shownSlide(carousel);
    if (now === last && now !== '') return now;
    last = now;
  }
  return last;
}

/** Takes the pointer and the focus away from a carousel, so only its own timer can move it. */
async function leave(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('carousels on the home page (1280 px)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('every carousel has a label and its Previous, Next and Pause controls', async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const carousels = page.locator('section[aria-roledescription="carousel"]');
    await expect.poll(() => carousels.count(), { message: 'carousels on the home page (image, insight videos, testimonials)' }).toBeGreaterThanOrEqual(3);
    for (const carousel of await carousels.all()) {
      const label = await carousel.getAttribute('aria-label');
      expect(label, 'a carousel has an aria-label').toBeTruthy();
      for (const name of ['Previous slide', 'Next slide']) {
        expect(await carousel.getByRole('button', { name, exact: true }).count(), `"${name}" in carousel "${label}"`).toBe(1);
      }
      expect(await carousel.getByRole('button', { name: /^(Pause|Play)$/ }).count(), `Pause/Play in carousel "${label}"`).toBe(1);
    }
  });

  test('the image carousel: Next and Previous change the slide, by mouse and keyboard; Pause stops it, Play resumes', async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const carousel = page.locator('section[aria-roledescription="carousel"]').first();
    await carousel.scrollIntoViewIfNeeded();
    const next = carousel.getByRole('button', { name: 'Next slide', exact: true });
    const previous = carousel.getByRole('button', { name: 'Previous slide', exact: true });

    // Pause first, so that only the buttons move it.
    const pause = carousel.getByRole('button', { name: 'Pause', exact: true });
    await pause.click();
    const play = carousel.getByRole('button', { name: 'Play', exact: true });
    expect(await play.count(), 'the Pause button turns into Play').toBe(1);

    const first = await shownSlideSettled(carousel);
    expect(first, 'a slide is shown').not.toBe('');
    await next.click();
    await expect.poll(() => shownSlide(carousel), { message: 'Next slide shows another slide', timeout: 3_000 }).not.toBe(first);
    const second = await shownSlideSettled(carousel);
    await previous.click();
    await expect.poll(() => shownSlideSettled(carousel), { message: 'Previous slide goes back', timeout: 5_000 }).toBe(first);

    // Keyboard: Enter and Space on the focused buttons.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownSlideSettled(carousel), { message: 'Enter on Next slide', timeout: 5_000 }).toBe(second);
    await previous.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => shownSlideSettled(carousel), { message: 'Space on Previous slide', timeout: 5_000 }).toBe(first);

    // Paused: nothing moves for longer than the 3 s interval, with pointer and focus elsewhere.
    await leave(page);
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await shownSlideSettled(carousel), 'a paused carousel stays on its slide').toBe(first);

    // Play: it advances by itself again within its interval.
    await play.click();
    expect(await carousel.getByRole('button', { name: 'Pause', exact: true }).count(), 'Play turns back into Pause').toBe(1);
    await leave(page);
    await expect.poll(() => shownSlide(carousel), { message: 'after Play the carousel advances by itself', timeout: 6_000, interval: 250 }).not.toBe(first);
  });
});

describe('footer (1280 px)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('links to its pages, the locations, a phone number, the networks in new tabs, copyright 2024', async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const footer = page.locator('footer').last();

    for (const location of seed.locations) {
      await expect.poll(() => footer.getByText(location, { exact: true }).count(), { message: `location ${location} in the footer` }).toBeGreaterThan(0);
    }
    const tel = footer.locator('a[href^="tel:"]');
    expect(await tel.count(), 'a tel: link in the footer').toBeGreaterThan(0);
    expect(await tel.first().getAttribute('href')).toMatch(/^tel:\+?[0-9]{8,15}$/);
    expect(await footer.getByRole('heading', { name: 'Follow Us On' }).count(), 'heading "Follow Us On"').toBe(1);
    for (const network of ['Facebook', 'Instagram', 'X', 'YouTube', 'LinkedIn']) {
      const link = footer.getByRole('link', { name: network, exact: true });
      expect(await link.count(), `a "${network}" link`).toBe(1);
      expect(await link.getAttribute('target'), `${network} opens a new tab`).toBe('_blank');
      const rel = (await link.getAttribute('rel')) ?? '';
      expect(rel.split(/\s+/), `${network} rel`).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
      expect(await link.getAttribute('href'), `${network} href`).toMatch(/^https:\/\//);
    }
    expect(await footer.innerText()).toMatch(/(©|\(c\)|copyright)[^\n]*2024|2024[^\n]*(©|copyright)/i);

    for (const { name, route } of [
      { name: 'About us', route: '/aboutus' },
      { name: 'Contact', route: '/contactus' },
      { name: 'Privacy Policy', route: '/privacypolicy' },
      { name: 'Terms of Service', route: '/termandcondition' },
    ]) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.count(), `footer link "${name}"`).toBe(1);
      await link.click();
      await expect.poll(() => routeOf(page), { message: `footer "${name}" leads to ${route}` }).toBe(route);
      await expect.poll(() => mainHeading(page).innerText()).not.toBe('Page not found');
      // The page's images and chunks settle before the next click: a footer that moves under the
      // pointer would take the click on its neighbour.
      await page.waitForLoadState('networkidle');
    }
  });
});

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('help from the footer at $viewport.width px', ({ viewport }) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(site.browser, viewport);
  });
  afterAll(async () => {
    await context?.close();
  });

  test("a logged-out visitor's Help says 'Please login.', opens nothing and keeps focus on Help", async () => {
    const { page } = await site.open(context);
    await goto(page, '/');
    const help = page.locator('footer').last().getByRole('button', { name: 'Help with a consultation', exact: true });
    await help.scrollIntoViewIfNeeded();
    await help.click();
    await expectToast(page, 'alert', 'Please login.');
    expect(await page.getByRole('dialog').count(), 'no popup for a logged-out visitor').toBe(0);
    await expect.poll(() => help.evaluate((el) => el === document.activeElement), { message: 'focus back on Help' }).toBe(true);
    await expectNoA11yViolations(page, `the footer's Help, logged out, at ${viewport.width} px`);
    await screenshot(page, `help-logged-out-${viewport.width}`, { fullPage: false });
  });
});
