// `cofre serve` from source as a real process, for the tests that need a socket, signals or
// the process's own output (first start, SIGTERM, a taken port, a full disk).
import { join } from "node:path";

export const ENTRY = join(import.meta.dir, "..", "src", "index.ts");

export interface ServedProcess {
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** What it printed up to the line with its address (the first start's account is there). */
  output: string;
  url: string;
}

/** Starts it on a free loopback port with `env` (DATABASE_PATH, ADMIN_*…) and waits for its address. */
export async function serveFromSource(env: Record<string, string>, cwd?: string): Promise<ServedProcess> {
  const proc = Bun.spawn(["bun", ENTRY, "serve"], {
    cwd,
    env: { PATH: process.env.PATH!, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let output = "";
  while (!/http:\/\/127\.0\.0\.1:\d+/.test(output)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${output}${await new Response(proc.stderr).text()}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, output, url: output.match(/http:\/\/127\.0\.0\.1:\d+/)![0] };
}
