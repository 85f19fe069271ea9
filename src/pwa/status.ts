/**
 * What the installed app tells the patient, as one small store (src/pwa/start.ts writes it,
 * src/pwa/Notices.tsx shows it; no React here, so that start.ts stays small): offline or not, a new version waiting, the install offer.
 */
export interface PwaStatus {
  readonly offline: boolean;
  /** A new service worker is installed and waits for the patient's Reload. */
  readonly updateReady: boolean;
  /** The install offer is on screen (after a booking, once; docs/app.md). */
  readonly installOffer: boolean;
}

let status: PwaStatus = { offline: false, updateReady: false, installOffer: false };
const listeners = new Set<() => void>();

export const getPwaStatus = (): PwaStatus => status;

export function setPwaStatus(change: Partial<PwaStatus>): void {
  status = { ...status, ...change };
  listeners.forEach((listener) => listener());
}

export function subscribePwaStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the notices' buttons do, given by start.ts. */
export const pwaActions = {
  reload: (): void => undefined,
  install: (): void => undefined,
  dismissInstall: (): void => undefined,
};
