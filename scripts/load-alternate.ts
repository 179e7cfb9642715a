// A second process's load for comparisons: `block` requests to each URL in turn (each with its
// own cookie), `rounds` times, so every server meets the same moments of a shared machine, each
// block warm as a run of requests to one server is; prints each URL's median latency as JSON.
// Loopback only; bounded in count and in `maxSeconds`.
const [spec, rounds = "30", block = "10", maxSeconds = "90", encoding = "identity"] = process.argv.slice(2);
const targets = JSON.parse(spec!) as { url: string; cookie: string }[];
if (!targets.every((t) => new URL(t.url).hostname.match(/^(127\.\d+\.\d+\.\d+|localhost)$/))) throw new Error("loopback only");

const WARM_UP = 2;
const times: number[][] = targets.map(() => []);
const deadline = performance.now() + Number(maxSeconds) * 1000;
for (let i = 0; i < Number(rounds) + WARM_UP && performance.now() < deadline; i++) {
  for (const [k, { url, cookie }] of targets.entries()) {
    for (let j = 0; j < Number(block); j++) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { cookie, "accept-encoding": encoding } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      // The block's first request meets what the other servers left in the caches.
      if (i >= WARM_UP && j > 0) times[k]!.push(performance.now() - t0);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(JSON.stringify(times.map(median)));
export {};
