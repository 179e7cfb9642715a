// `cofre` as a process, for the tests that need a socket, signals or the process's own output
// (first start, SIGTERM, a taken port, a full disk, the CLI's commands).
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../db/client";
import { SYSTEM } from "../src/api/history/record";
import { insertUser } from "../src/api/auth/service";
import { writeBuiltClient } from "../src/ssr/assets";
import { buildClient } from "../src/ssr/client-build";
import { testPasswordHash, writeMigratedDatabase } from "./support";

const ROOT = join(import.meta.dir, "..");

/**
 * What a spawned `cofre` gets besides its own settings: PATH, and HOME, under which Bun keeps its
 * transpiler cache.
 */
export const BASE_ENV: Record<string, string> = { PATH: process.env.PATH!, ...(process.env.HOME ? { HOME: process.env.HOME } : {}) };

export interface ServedProcess {
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** What it printed up to the line with its address (the first start's account is there). */
  output: string;
  url: string;
}

let bundle: Promise<string> | null = null;

/**
 * `cofre` laid out as the binary carries it, built once per test run from this tree: the code in
 * one bundle (Bun.build, what `bun run build` compiles, with NODE_ENV production), beside it the
 * client it serves (`client/`) and the migrations (`migrations/`) where the binary has its
 * embedded ones. A server starts from it in ~90 ms and 130 ms of CPU; from source, every file
 * transpiled again, in 170 ms and 255 ms. Its path, for `bun PATH command…`.
 */
export function cofreBundle(): Promise<string> {
  bundle ??= (async () => {
    // In the run's own folder, removed when the run ends (tests/setup-tmpdir.ts).
    const dir = mkdtempSync(join(tmpdir(), "cofre-bundle-"));
    const [server, client] = await Promise.all([
      Bun.build({ entrypoints: [join(ROOT, "src", "index.ts")], target: "bun", outdir: dir, define: { "process.env.NODE_ENV": '"production"' } }),
      buildClient(),
    ]);
    if (!server.success) throw new AggregateError(server.logs, "cofre did not bundle");
    await writeBuiltClient(join(dir, "client"), client);
    symlinkSync(join(ROOT, "db", "migrations"), join(dir, "migrations"));
    return join(dir, "index.js");
  })();
  return bundle;
}

/** `cofre ARGS…` as a command to spawn (with BASE_ENV and its settings). */
export async function cofreCommand(...args: string[]): Promise<string[]> {
  return ["bun", await cofreBundle(), ...args];
}

/** Starts it on a free loopback port with `env` (DATABASE_PATH, ADMIN_*…) and waits for its address. */
export async function startCofre(env: Record<string, string> & { DATABASE_PATH: string }, cwd?: string): Promise<ServedProcess> {
  const proc = Bun.spawn(await cofreCommand("serve"), {
    cwd,
    env: { ...BASE_ENV, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
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

/**
 * A migrated database at `path` whose first user is `email` with a cheap hash of `password`
 * (see testPasswordHash): a server started on it signs in without production-strength argon2,
 * and skips hashing a first user. Only a test of the first start itself needs a new file.
 */
export async function databaseWithUser(path: string, { email, password }: { email: string; password: string }): Promise<string> {
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  insertUser(db, SYSTEM, email, await testPasswordHash(password));
  closeDatabase(db);
  return path;
}
