// What the client bundle gives the signals runtime for "use-sync-external-store/shim": React
// 19's own hook (src/ssr/client-build.ts), instead of the React 17 polyfill.
export { useSyncExternalStore } from "react";
