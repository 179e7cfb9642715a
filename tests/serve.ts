// `cofre serve` from source as a real process, for the tests that need a socket, signals or
// the process's own output (first start, SIGTERM, a taken port, a full disk).
import { dirname, join } from "node:path";
import { closeDatabase, openDatabase } from "../db/client";
import { SYSTEM } from "../src/api/history/record";
import { insertUser } from "../src/api/auth/service";
import { writeBuiltClient } from "../src/ssr/assets";
import type { ClientBuild } from "../src/ssr/client-build";
import { testPasswordHash, writeMigratedDatabase } from "./support";

export const ENTRY = join(import.meta.dir, "..", "src", "index.ts");

/**
 * What a spawned `cofre` gets besides its own settings: PATH, and HOME, under which Bun keeps its
 * transpiler cache (without it every start transpiles the dependencies again, ~45 ms).
 */
export const BASE_ENV: Record<string, string> = { PATH: process.env.PATH!, ...(process.env.HOME ? { HOME: process.env.HOME } : {}) };

export interface ServedProcess {
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** What it printed up to the line with its address (the first start's account is there). */
  output: string;
  url: string;
}

const PRELOAD = join(import.meta.dir, "prebuilt-client.ts");
let clientBuild: Promise<ClientBuild> | null = null;
// Each folder written once, even when several servers start in it at the same time (a second
// writer would rewrite a file a starting server is reading).
const written = new Map<string, Promise<string>>();

/**
 * The client, built once in this process, written beside a test's database (its folder goes
 * with the test's files): the servers started on it load it instead of building their own.
 */
function prebuiltClientBeside(databasePath: string): Promise<string> {
  const dir = join(dirname(databasePath), "prebuilt-client");
  let writing = written.get(dir);
  if (!writing) {
    clientBuild ??= import("../src/ssr/client-build").then(({ buildClient }) => buildClient());
    writing = clientBuild.then((client) => writeBuiltClient(dir, client)).then(() => dir);
    written.set(dir, writing);
  }
  return writing;
}

/** `cofre serve` from source on `databasePath`: the command, and what its environment adds to BASE_ENV. */
export async function serveCommand(databasePath: string): Promise<{ cmd: string[]; env: Record<string, string> }> {
  return { cmd: ["bun", "--preload", PRELOAD, ENTRY, "serve"], env: { ...BASE_ENV, COFRE_TEST_CLIENT_DIR: await prebuiltClientBeside(databasePath) } };
}

/** Starts it on a free loopback port with `env` (DATABASE_PATH, ADMIN_*…) and waits for its address. */
export async function serveFromSource(env: Record<string, string> & { DATABASE_PATH: string }, cwd?: string): Promise<ServedProcess> {
  const command = await serveCommand(env.DATABASE_PATH);
  const proc = Bun.spawn(command.cmd, {
    cwd,
    env: { ...command.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
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
