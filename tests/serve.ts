// `cofre` as a process, for the tests that need a socket, signals or the process's own output
// (first start, SIGTERM, a taken port, a full disk, the CLI's commands).
import { closeDatabase, openDatabase } from "../db/client";
import { SYSTEM } from "../src/api/history/record";
import { insertUser } from "../src/api/auth/service";
import { cofreBundle } from "./cofre-bundle";
import { testPasswordHash, writeMigratedDatabase } from "./support";

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
