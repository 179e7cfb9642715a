// Preload for the server under scripts/bench-loop.ts (BUN_OPTIONS="--preload …", which the
// compiled binary honours): at every 1 ms tick of the server's event loop, the CPU its own thread
// spent since the last tick (getrusage RUSAGE_THREAD). A /healthz answer that waited can have
// waited for the server's loop or for a CPU: on a 2-core machine shared by other builds the
// second alone reached 100–200 ms with the loop free. This figure counts only the first. At exit
// the ticks that took over 3 ms of CPU, or over 10 ms while writing to disk (a write that waits
// for the disk holds the loop without CPU), go to LOOP_HELD_FILE as [epoch ms, wall ms, cpu ms,
// KB written].
import { dlopen, FFIType, ptr } from "bun:ffi";
import { writeFileSync } from "node:fs";

const file = process.env.LOOP_HELD_FILE;
if (file) {
  const RUSAGE_THREAD = 1;
  const libc = dlopen("libc.so.6", { getrusage: { args: [FFIType.i32, FFIType.ptr], returns: FFIType.i32 } });
  const usage = new BigInt64Array(18); // struct rusage: ru_utime and ru_stime first (seconds, microseconds)
  // ru_oublock (index 12): 512-byte blocks written.
  const read = () => {
    libc.symbols.getrusage(RUSAGE_THREAD, ptr(usage));
    return { cpu: Number(usage[0]!) * 1000 + Number(usage[1]!) / 1000 + Number(usage[2]!) * 1000 + Number(usage[3]!) / 1000, blocks: Number(usage[12]!) };
  };
  const ticks: [number, number, number, number][] = [];
  let lastWall = performance.now();
  let last = read();
  setInterval(() => {
    const wall = performance.now();
    const now = read();
    const [spent, written] = [wall - lastWall, now.blocks - last.blocks];
    if (now.cpu - last.cpu > 3 || (written > 0 && spent > 10)) ticks.push([Date.now(), +spent.toFixed(1), +(now.cpu - last.cpu).toFixed(1), written / 2]);
    lastWall = wall;
    last = now;
  }, 1).unref();
  process.on("exit", () => writeFileSync(file, JSON.stringify(ticks)));
}
