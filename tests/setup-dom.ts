// Component tests render React into happy-dom. API tests share the process, so the
// platform's own fetch primitives are put back: they must exercise Bun's real
// Request/Response, not happy-dom's imitations.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

const native = {
  fetch, Request, Response, Headers, URL, URLSearchParams, FormData, Blob, File,
  AbortController, AbortSignal, ReadableStream, WritableStream, TransformStream,
  TextEncoder, TextDecoder, WebSocket, crypto,
};

GlobalRegistrator.register({ url: "http://127.0.0.1/" });

for (const [name, value] of Object.entries(native)) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}

// React's development build times every component it renders for the browser's performance panel
// (console.timeStamp and performance.measure, with a diff of the props that changed) when the
// runtime offers both. A test has no panel to show them in: without console.timeStamp it skips
// that work, ~7% of the island tests. Set before any test file loads React.
Object.defineProperty(console, "timeStamp", { value: undefined, writable: true, configurable: true });

// The "⋯" menu's list loads on demand in the browser (src/ui/RowMenu.tsx): component tests open
// it as after its first load, at once.
await (await import("../src/ui/RowMenu.tsx")).loadRowMenu();
// The same for the party picker's search and list (islands/lib/PartyPicker.tsx).
await (await import("../islands/lib/PartyPicker.tsx")).loadPartyPicker();
