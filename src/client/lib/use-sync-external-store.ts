// What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): the hook that
// `react` has built in, here Preact's (scripts/preact-aliases.ts).
export { useSyncExternalStore } from 'react';
