// The /healthz prober of scripts/bench-loop.ts, on a thread of its own: in the bench's thread its
// timings included the bench's own work (receiving and un-gzipping four people's exports held
// that loop ~100–200 ms at --scale 50), which is no wait of the server's.
declare const self: Worker;
export {};

let running = true;
self.onmessage = async ({ data }: MessageEvent<{ url: string; everyMs: number } | "stop">) => {
  if (data === "stop") {
    running = false;
    return;
  }
  const probes: number[] = [];
  while (running) {
    const t0 = performance.now();
    await (await fetch(data.url)).arrayBuffer();
    probes.push(performance.now() - t0);
    await Bun.sleep(data.everyMs);
  }
  postMessage(probes);
};
