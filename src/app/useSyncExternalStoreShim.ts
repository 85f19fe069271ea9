/**
 * What `use-sync-external-store/shim` offers Reacts older than 18, taken from React itself:
 * vite.config.ts points that import (in @xstate/react) here, so the shim's code is not bundled.
 * (The package's main entry does the same but warns in development builds.)
 */
export { useSyncExternalStore } from 'react';
