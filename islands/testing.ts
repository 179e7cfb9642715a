// Helpers for the islands' happy-dom tests: a recording fetch stub answered with real
// Responses, and a way to let pending calls and their state updates finish.
import { afterEach } from "bun:test";
import { act } from "react";

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Replaces fetch for one test: `route` answers each call; every call is pushed to `calls`. */
export function mockFetch(calls: Call[], route: (call: Call) => Response): void {
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return route(call);
  }) as unknown as typeof fetch;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Lets pending fetches and the state updates after them finish. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
