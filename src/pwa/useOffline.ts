/**
 * True while the browser is offline, as the installed app's notices know it (./status.ts, kept by
 * ./start.ts): for a block whose data could not load to say the shared offline notice
 * (src/i18n/pwaMessages.ts `offline`) instead of a failure of its own.
 */
import { useSyncExternalStore } from 'react';
import { getPwaStatus, subscribePwaStatus } from './status';

const offlineNow = () => getPwaStatus().offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

export const useOffline = (): boolean => useSyncExternalStore(subscribePwaStatus, offlineNow, () => false);
