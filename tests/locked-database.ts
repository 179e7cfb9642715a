// Real `cofre` processes on a database another process holds, or that a newer version wrote
// (src/cli/locked-or-newer.test.ts; the waits of several seconds in tests/e2e/locked-database.e2e.ts).
import { afterAll, expect } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { BASE_ENV, cofreCommand } from "./serve";
import { COMMAND_BUSY_TIMEOUT_MS } from "../db/client";
import { EXIT } from "../src/cli/cli-error";

const CHEAP_HASHING = join(import.meta.dir, "cheap-password-hashing.ts");

const children: Bun.Subprocess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** Starts `cofre ARGS…` on `path`; resolves with its exit code and output once it exits. */
async function cofre(path: string, args: string[], extra: Record<string, string> = {}) {
  const [bun, ...rest] = await cofreCommand(...args);
  const proc = Bun.spawn([bun!, "--preload", CHEAP_HASHING, ...rest], {
    env: { ...BASE_ENV, DATABASE_PATH: path, APP_TZ: "America/Sao_Paulo", ADMIN_PASSWORD: "senha-longa-do-teste", ...extra },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.push(proc);
  return proc;
}

/** `cofre ARGS…` run to its end: its exit code and output. */
export async function run(path: string, args: string[]) {
  const proc = await cofre(path, args);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

/** `serve` on a free loopback port: resolves with its address once it listens, or with how it exited. */
export async function serve(path: string, extra: Record<string, string> = {}) {
  const proc = await cofre(path, ["serve"], { PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", ADMIN_EMAIL: "dono@empresa.com.br", ...extra });
  const reader = proc.stdout.getReader();
  let out = "";
  for (;;) {
    const address = out.match(/http:\/\/127\.0\.0\.1:\d+/);
    if (address) {
      reader.releaseLock();
      return { proc, url: address[0], out, code: null, err: "" };
    }
    const { value, done } = await reader.read();
    if (done) return { proc, url: null, out, code: await proc.exited, err: await new Response(proc.stderr).text() };
    out += new TextDecoder().decode(value);
  }
}

/** Another process's connection holding the write lock (as a long write of the server would). */
export function holdWriteLock(path: string): { release: () => void } {
  const holder = new Database(path);
  holder.exec("BEGIN IMMEDIATE");
  return {
    release: () => {
      holder.exec("COMMIT");
      holder.close();
    },
  };
}

// The one line a locked-out command prints: no SQLiteError, no source excerpt, no stack.
export function expectOneLineBusy(run: { code: number | null; err: string }, path: string) {
  expect(run.code).toBe(EXIT.busy);
  expect(run.err.trim().split("\n")).toEqual([
    `O banco de dados ${path} está ocupado por outro processo há mais de ${COMMAND_BUSY_TIMEOUT_MS / 1000} s; a operação foi interrompida sem gravar nada pela metade. Tente de novo em instantes.`,
  ]);
}

