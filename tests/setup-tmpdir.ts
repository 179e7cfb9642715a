// The suite's temporary files (test apps' SQLite databases, the served processes' and the CLI's,
// the bundle they run from) go to a RAM filesystem when the machine has one with room: what the
// databases hold is the subject, not the disk, whose syncs cost ~0.6 s of a run here
// (src/disk-full.process.ts mounts a tmpfs of its own). A TMPDIR set by whoever runs the tests is
// used instead. Either way each test process has a folder of its own there: the serial run's one
// process, or each worker of `bun test --parallel --no-isolate` (this preload runs once per
// worker). What a failed test left goes with it.
//
// The folder is removed when its process ends, by a watcher process reading a pipe from this one
// until it closes: `bun test` runs no exit hooks, and under `--parallel --no-isolate` a preload's
// `afterAll` runs after every file the worker runs (it ran once at the end of a serial run only),
// so removing the folder there emptied it under the worker's next file (its migrated template,
// the databases it memoised). The pipe closes however the process ends, killed or not.
import { accessSync, constants, mkdtempSync, statfsSync } from "node:fs";
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

// Ctrl-C reaches the whole process group: the watcher ignores it (and cat inherits that) so the
// folder still goes once the run it belongs to has gone.
const watcher = Bun.spawn({
  cmd: ["sh", "-c", 'trap "" INT TERM HUP; cat >/dev/null; rm -rf -- "$1"', "cofre-tmpdir-watcher", run],
  stdin: "pipe",
  stdout: "ignore",
  stderr: "ignore",
});
// Neither the watcher nor its pipe keeps this process alive; the pipe is kept referenced for the
// process's life (collected, it would close and take the folder with it).
watcher.unref();
watcher.stdin.unref();
(globalThis as { __cofreTmpdirWatcher?: unknown }).__cofreTmpdirWatcher = watcher;
