// Debian's Chromium, the only browser the tests and benchmarks use (a downloaded browser cannot
// be fetched on these machines). The flags keep it from reaching for the network at start.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's Chromium (apt-get install -y chromium)`);
  }
}
