// The suite's temporary files (test apps' SQLite databases, the served processes' and the CLI's)
// go to a RAM filesystem when the machine has one with room: what the databases hold is the
// subject, not the disk, whose syncs cost ~0.6 s of a run here (src/disk-full.test.ts mounts a
// tmpfs of its own). A TMPDIR set by whoever runs the tests stays.
import { accessSync, constants, statfsSync } from "node:fs";

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

if (!process.env.TMPDIR && roomy(RAM)) process.env.TMPDIR = RAM;
