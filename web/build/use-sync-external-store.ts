/*
 * wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for
 * React before 18; React 19 has it built in. vite.config.ts points the shim here, which
 * saves every page the shim's code (about 0.8 KiB gzipped, decision 0031).
 */
export { useSyncExternalStore } from 'react';
