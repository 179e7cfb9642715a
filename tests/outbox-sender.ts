// A sender in a process of its own, for tests/e2e/outbox-processes.e2e.ts: `bun tests/outbox-sender.ts
// DB MODE`. It prints "pronto", waits for a line on stdin (so several start their pass together),
// then: MODE "send" sends every due e-mail row through a transport double that prints
// "enviada <to>" and takes a few milliseconds; MODE "hang" claims rows with a transport that never
// answers, printing "enviando <to>" (a send in flight when the test kills it with -9).
import { openDatabase } from "../db/client";
import { sendDue, type Transport } from "../src/api/outbox/outbox";

const [path, mode] = process.argv.slice(2);
const db = openDatabase(path!, { mustExist: true });
const to = (payload: unknown) => (payload as { to: string }).to;

const transport: Transport =
  mode === "hang"
    ? {
        send(payload) {
          console.log(`enviando ${to(payload)}`);
          return new Promise(() => {});
        },
      }
    : {
        async send(payload) {
          console.log(`enviada ${to(payload)}`);
          await Bun.sleep(2);
          return { ok: true };
        },
      };

console.log("pronto");
for await (const _ of console) break;
if (mode === "hang") setInterval(() => {}, 60_000); // stays alive, mid-send, until killed
await sendDue(db, { email: transport }, { limit: 1000 });
if (mode !== "hang") process.exit(0);
