const root = "/work/main";
const { openDatabase } = await import(`${root}/db/client`);
const { loadConfig } = await import(`${root}/src/config`);
const { createApp } = await import(`${root}/src/server`);
const { insertUser } = await import(`${root}/src/api/auth/service`);
const { SYSTEM } = await import(`${root}/src/api/history/record`);
process.env.NODE_ENV = "production";
const config = loadConfig({ DATABASE_PATH: "/tmp/rp/d200.db", NODE_ENV: "production" });
const db = openDatabase(config.databasePath);
try { insertUser(db, SYSTEM, "prof@cofre.test", await Bun.password.hash("prof-senha-forte-1", { algorithm: "bcrypt", cost: 4 })); } catch {}
const app = await createApp(db, config);
const login = await app.handle(new Request("http://127.0.0.1/api/auth/login", { method: "POST", headers: { "content-type": "application/json", host: "127.0.0.1" }, body: JSON.stringify({ email: "prof@cofre.test", password: "prof-senha-forte-1" }) }));
const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
const get = async (p: string) => { const t = performance.now(); const r = await app.handle(new Request("http://127.0.0.1" + p, { headers: { cookie, host: "127.0.0.1", "accept-encoding": "identity" } })); await r.text(); return (performance.now() - t).toFixed(1); };
await Bun.sleep(4000); // start-up jobs
for (const p of ["/", "/", "/api/dashboard/stats", "/api/dashboard/monthly-revenue", "/"]) console.log(p, await get(p));
if (process.env.PROF) { /* nothing */ }
process.exit(0);
