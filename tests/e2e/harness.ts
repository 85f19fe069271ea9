// The browser end-to-end harness: builds what is missing once, runs the real production server
// on a free port with a fresh DATA_DIR (a copy of the seeded demo clinic, support/seededDataDir.ts),
// drives Debian's Chromium with playwright-core, fails a test on any console or page error, and
// runs axe-core.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ROOT, ensureBuilt } from './support/build.mjs';
import { CHROMIUM_FLAGS, TEST_BROWSER_PATH, assertChromium } from './support/chromium.mjs';
import { MailCatcher } from './support/mailCatcher';
import { copySeededDataDir } from './support/seededDataDir';
import { freePort, startServer, tempDataDir, type RunningServer } from './support/server.mjs';

export { ROOT };
export type { RunningServer };

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

/** The built client the server gets a copy of: dist/client, or CLINIC_CLIENT_DIR (not built here). */
const CLIENT_SOURCE = process.env.CLINIC_CLIENT_DIR ? resolve(ROOT, process.env.CLINIC_CLIENT_DIR) : join(ROOT, 'dist/client');

/**
 * What a test file may ask of its server: more environment (SMTP_URL, PUBLIC_URL...), a port, a
 * DATA_DIR prepared before the start.
 */
export interface SiteOptions {
  env?: NodeJS.ProcessEnv;
  /** Listen here (take it with freePort()), for a PUBLIC_URL that names the server's own address. */
  port?: number;
  /**
   * Adds to the new DATA_DIR (already a copy of the seeded demo clinic) before the server opens
   * it, e.g. accounts and tokens in its embedded database (PGlite lets one process in at a time,
   * so this cannot wait until the server runs).
   */
  prepare?: (dataDir: string) => Promise<void>;
  /** More Chromium flags for this file's browser (the video's fake camera and microphone). */
  browserArgs?: readonly string[];
}

/**
 * Builds what is missing (once per process) and starts the production server. The server gets
 * its own copy of dist/client (CLIENT_DIR), so a `vite build` run elsewhere in the same working
 * tree during the tests cannot pull files from under it.
 */
let built: Promise<unknown> | undefined;
export async function startSite(options: SiteOptions = {}): Promise<RunningServer & { clientDir: string }> {
  built ??= ensureBuilt();
  await built;
  const clientDir = mkdtempSync(join(tmpdir(), 'clinic-client-'));
  // startServer removes only a DATA_DIR it made itself: this one is ours to remove.
  const dataDir = tempDataDir('clinic-e2e-data-');
  const removeOwnDirs = () => {
    for (const dir of [clientDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    cpSync(CLIENT_SOURCE, clientDir, { recursive: true });
    if (!existsSync(join(clientDir, 'index.html'))) throw new Error(`${CLIENT_SOURCE}/index.html is missing or vanished while it was copied`);
    await copySeededDataDir(dataDir);
    await options.prepare?.(dataDir);
    const server = await startServer({
      env: { ...options.env, CLIENT_DIR: clientDir },
      ...(options.port !== undefined ? { port: options.port } : {}),
      dataDir,
    });
    return {
      ...server,
      clientDir,
      stop: async () => {
        await server.stop();
        removeOwnDirs();
      },
    };
  } catch (error) {
    removeOwnDirs();
    throw error;
  }
}

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  assertChromium(TEST_BROWSER_PATH);
  // launch() gives every browser a new, empty, temporary profile (user data dir).
  return chromium.launch({ executablePath: TEST_BROWSER_PATH, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs], timeout: 60_000 });
}

export interface Viewport {
  width: number;
  height: number;
}

/** The two widths every page is tried at. */
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 812 };

/**
 * `serviceWorkers`: blocked unless a test is about the installed app (tests/e2e/app.test.ts):
 * otherwise every fresh context would install the worker and precache the whole build (about
 * 120 files), the run's CPU for nothing the test looks at.
 */
export type WorkerChoice = { serviceWorkers?: 'allow' | 'block' };

export async function newContext(browser: Browser, viewport: Viewport, { serviceWorkers = 'block' }: WorkerChoice = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    deviceScaleFactor: 1,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'no-preference',
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

/** Collects every console error and uncaught error of a page. */
export class PageWatch {
  readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];

  constructor(readonly page: Page) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location();
      const at = where.url ? ` (${where.url}:${where.lineNumber})` : '';
      const line = `console error: ${msg.text()}${at}`;
      if (this.allowed.some((pattern) => pattern.test(line))) return;
      this.problems.push(line);
    });
    page.on('pageerror', (err) => this.problems.push(`uncaught page error: ${err.stack ?? err.message}`));
    page.on('crash', () => this.problems.push('the page crashed'));
  }

  /**
   * Console errors a test causes on purpose and that are not the page's fault, such as Chromium's
   * "Failed to load resource: ... status of 401" for a refused login: matched against the whole
   * line (text and, in parentheses, the resource's address). Keep the patterns narrow.
   */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  /** Throws, listing them, when the page logged an error. */
  assertClean(): void {
    if (this.problems.length === 0) return;
    const list = this.problems.splice(0);
    throw new Error(`${this.page.url()} logged ${list.length} error(s):\n- ${list.join('\n- ')}`);
  }
}

/**
 * The usual setup for a browser test file: one server and one browser for the whole file,
 * pages opened through `open()` are watched, and a test fails when one of its pages logged an
 * error. Call it at the top of a test file. `options` (called in beforeAll, so it may start what
 * the server talks to first) adds to the server's environment or fixes its port.
 */
export function useSite(options?: () => SiteOptions | Promise<SiteOptions>) {
  const state: { server?: RunningServer & { clientDir: string }; browser?: Browser } = {};
  let watches: PageWatch[] = [];

  beforeAll(async () => {
    const opts = await Promise.resolve(options?.() ?? {});
    const [server, browser] = await Promise.all([startSite(opts), launchBrowser(opts.browserArgs)]);
    state.server = server;
    state.browser = browser;
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  afterEach(async () => {
    const current = watches;
    watches = [];
    for (const w of current) if (!w.page.isClosed()) await w.page.close();
    const errors = current.flatMap((w) => (w.problems.length ? [w] : []));
    for (const w of errors) w.assertClean();
  });

  return {
    get server(): RunningServer {
      if (!state.server) throw new Error('the server is not running');
      return state.server;
    },
    get browser(): Browser {
      if (!state.browser) throw new Error('the browser is not running');
      return state.browser;
    },
    /** The server's own copy of the built client (a test may put a new version there). */
    get clientDir(): string {
      if (!state.server) throw new Error('the server is not running');
      return state.server.clientDir;
    },
    url(route: string): string {
      if (!state.server) throw new Error('the server is not running');
      return `${state.server.url}/#${route}`;
    },
    /** The SPA's route the page shows ('/myappointment', no query), or the path of a page elsewhere. */
    routeOf(page: Page): string {
      if (!state.server) throw new Error('the server is not running');
      const url = new URL(page.url());
      if (url.origin !== state.server.url || url.pathname !== '/') return url.pathname;
      const hash = url.hash.replace(/^#/, '');
      return hash === '' ? '/' : hash.split('?')[0]!;
    },
    /** A new watched page in the given context. */
    async open(context: BrowserContext): Promise<{ page: Page; watch: PageWatch }> {
      const page = await newAppPage(context);
      const watch = new PageWatch(page);
      watches.push(watch);
      return { page, watch };
    },
  };
}

/**
 * `useSite` for a patient's whole journey: the sandbox payment provider (its checkout on our own
 * origin, PUBLIC_URL being where it sends the browser back) and a real SMTP server catching the
 * mails, started before the server and stopped after the file. `prepare`: as useSite's (accounts
 * and tokens made in the database before the server opens it).
 */
export function useSiteWithMailbox({ prepare }: Pick<SiteOptions, 'prepare'> = {}) {
  const mailbox = new MailCatcher();
  const site = useSite(async () => {
    await mailbox.start();
    const port = await freePort();
    return { port, prepare, env: { SMTP_URL: mailbox.url, PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' } };
  });
  afterAll(async () => {
    await mailbox.stop();
  });
  return { site, mailbox };
}

/**
 * index.html carries the home page's prerendered first frame, whose controls do nothing
 * until the app starts: after each goto and reload the page waits for the app to have taken over
 * (`#root` loses data-first-frame; a page without #root, a server page, waits for nothing), so
 * no test clicks a control of the frame. tests/e2e/public-site.test.ts tests the frame itself with
 * pages of its own. `site.open` gives such a page, watched; this one is not.
 */
export async function newAppPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  untilTheAppRuns(page);
  return page;
}

function untilTheAppRuns(page: Page): void {
  const appRuns = () => page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-first-frame'), undefined, { timeout: 20_000 });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appRuns();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await appRuns();
    return response;
  };
}

/** Waits until the page has made no network request for a moment (bounded). */
export async function settle(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
}

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  // evaluate() is not subject to the page's Content-Security-Policy, unlike a <script> tag.
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t))).join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 8).join('\n    ')}${v.targets.length > 8 ? `\n    ... and ${v.targets.length - 8} more` : ''}`)
    .join('\n');
}

/** Fails, listing them, when axe finds serious or critical violations on the page (`what` names it). */
export async function expectNoA11yViolations(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe: serious or critical violations on ${what}:\n${formatViolations(violations)}`).toBe(0);
}

/** Screenshot (the whole page unless fullPage is false) to test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}
