// The suite's temporary files (test apps' SQLite databases, the served processes' and the CLI's,
// the bundle they run from) go to a RAM filesystem when the machine has one with room: what the
// databases hold is the subject, not the disk, whose syncs cost ~0.6 s of a run here
// (src/disk-full.process.ts mounts a tmpfs of its own). A TMPDIR set by whoever runs the tests is
// used instead. Either way each run has a folder of its own there, removed when the run ends:
// `bun test` runs no exit hooks, and what a failed test left goes with it.
import { afterAll } from "bun:test";
import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RAM = "/dev/shm";

function roomy(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

const run = mkdtempSync(join(process.env.TMPDIR || !roomy(RAM) ? tmpdir() : RAM, "cofre-run-"));
process.env.TMPDIR = run;
// In a preload, once after the last file.
afterAll(() => rmSync(run, { recursive: true, force: true }));
