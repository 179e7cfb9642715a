// The islands' one way to call the API: same-origin cookies, JSON in and out, errors as ApiError.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own pt-BR message, when it sent one. */
    readonly serverMessage: string | null,
    readonly errors: Record<string, string> = {},
    /** The whole JSON answer (a 409 may carry the records it is about). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** The `message` of a change's answer ({message, installment} …): what its toast says. */
export function serverMessage(answer: unknown): string | null {
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? message : null;
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    signal: init.signal,
    headers: init.body === undefined ? init.headers : { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the generic message below uses the raw text
  }
  if (!response.ok) {
    const body = (json ?? {}) as { message?: unknown; errors?: Record<string, string> };
    const serverMessage = typeof body.message === "string" ? body.message : null;
    // SPEC §8 generic HTTP error: "status: body text (or status text)".
    const generic = `${response.status}: ${text || response.statusText}`;
    // A session that expired elsewhere sends the user back to sign in.
    if (response.status === 401 && !path.startsWith("/api/auth/")) location.assign("/login");
    throw new ApiError(response.status, generic, serverMessage, body.errors ?? {}, json);
  }
  return json as T;
}

/** One page of a list API (DECISIONS §5): the rows and the X-Total-Count header. */
export async function apiPage<T>(path: string, signal?: AbortSignal): Promise<{ rows: T[]; total: number }> {
  const response = await fetch(path, { credentials: "same-origin", signal });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401) location.assign("/login");
    let message: string | null = null;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? null;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, message);
  }
  return { rows: (await response.json()) as T[], total: Number(response.headers.get("x-total-count") ?? 0) };
}
