// Debian's Chromium, the only browser the tests and benchmarks use (a downloaded browser cannot
// be fetched on these machines). The flags keep it from reaching for the network at start.
import { existsSync } from 'node:fs';

/** The full browser: the bench's Lighthouse runs in it, as a phone's Chrome would load the page. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the end-to-end tests drive: Debian's chromium-headless-shell when it is installed
 * (the same Blink without the browser's own interface: Chromium's processes took 220 CPU-s of the
 * e2e suite with it against 343 with the full browser, docs/performance.md), else the full
 * browser. CHROMIUM_PATH, when set, names the one browser for both.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throws a plain message when the browser is not installed. */
export function assertChromium(path = CHROMIUM_PATH) {
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: install Debian's Chromium (apt-get install -y chromium chromium-headless-shell)`);
  }
}
