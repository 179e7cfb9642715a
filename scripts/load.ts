// The bench's load generator, run as a second process: a bounded number of requests
// (and at most `maxSeconds`) to one loopback URL; prints latencies as JSON.
const [url, cookie = "", total = "300", concurrency = "1", maxSeconds = "20", encoding = "gzip"] = process.argv.slice(2);
if (!url || !new URL(url).hostname.match(/^(127\.\d+\.\d+\.\d+|localhost)$/)) throw new Error("loopback only");

const latencies: number[] = [];
let next = 0;
let failures = 0;
const deadline = performance.now() + Number(maxSeconds) * 1000;
const started = performance.now();

async function worker() {
  while (next < Number(total) && performance.now() < deadline) {
    next++;
    const t0 = performance.now();
    const response = await fetch(url!, { headers: { cookie, "accept-encoding": encoding } });
    await response.arrayBuffer();
    if (response.status !== 200) failures++;
    latencies.push(performance.now() - t0);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(JSON.stringify({ count: latencies.length, failures, median: at(0.5), p99: at(0.99), rps: latencies.length / seconds }));
export {};
