// The client's page, its link and the receipts (DECISIONS §12), through the real app over a real SQLite file.
import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "bun:test";
import { gzipSync } from "bun";
import { addTestUser, PADARIA, useTestApp } from "../../../tests/support";
import { sweepIds } from "../../../tests/sweep";
import { pinClock } from "../../lib/clock";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import { statSync } from "node:fs";
import { SYSTEM } from "../history/record";
import { currentClientLink, tokenHash } from "./links";
import type { ClientLinkState, NewClientLink } from "./links";

// Today is Sunday 15 March 2026 in São Paulo.
const t = useTestApp({ tables: ["recibos", "client_links", "history_events", "receivables", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

const SETTINGS = { empresa: "Cofre Serviços Financeiros Ltda", cidade: "São Paulo", chavePix: "financeiro@cofre.com.br", modeloMensagem: "" };
const MERCEARIA = { ...PADARIA, nome: "Mercearia do Zé", cnpj: "45.723.174/0001-10", codigoCliente: "MER-001", email: "ze@mercearia.com.br" };

async function client(body: object = PADARIA): Promise<ClientJson> {
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

/** Three installments of R$ 1.234,56 / 3 … : 10 Mar (overdue), 10 Apr, 10 May. */
async function installments(clientId: number, valor = "300.00", descricao = "Mensalidade"): Promise<InstallmentJson[]> {
  const response = await api("/api/installments/generate", {
    method: "POST",
    body: { clientId, numParcelas: 3, valor, primeiroVencimento: "2026-03-10", descricao },
  });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments;
}

async function link(clientId: number): Promise<NewClientLink> {
  const response = await api(`/api/clients/${clientId}/link`, { method: "POST", headers: { origin: "http://cofre.test" } });
  expect(response.status).toBe(201);
  return (await response.json()) as NewClientLink;
}

const pathOf = (url: string) => new URL(url).pathname;
/** The public page as a visitor (no cookie) or as a staff member's browser (the session cookie along). */
const visit = (path: string, cookie?: string) => t.request(path, { cookie });

async function setup() {
  expect((await api("/api/settings", { method: "PUT", body: SETTINGS })).status).toBe(200);
  const padaria = await client();
  const parcelas = await installments(padaria.id);
  return { padaria, parcelas };
}

describe("the link", () => {
  test("the régua's {link}: the live link's URL made again from its seed and the key beside the database, never a new link each time", async () => {
    const { padaria } = await setup();
    const made = await link(padaria.id);
    const again = currentClientLink(t.db, SYSTEM, padaria.id, "http://cofre.test");
    expect(again).toBe(made.url);
    expect(currentClientLink(t.db, SYSTEM, padaria.id, "http://cofre.test")).toBe(made.url);
    expect((await visit(pathOf(again))).status).toBe(200);
    expect(t.db.$client.query("select count(*) AS n from client_links").get()).toEqual({ n: 1 });
    // The key: a file beside the database, its owner's only; the database holds no token.
    const keyFile = `${t.db.$client.filename}.chave-links`;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const token = pathOf(made.url).slice(3);
    expect(JSON.stringify(t.db.$client.query("select * from client_links").all())).not.toContain(token);
    // A client without a live link gets one (by whom the régua says), and keeps it.
    const other = await client(MERCEARIA);
    const first = currentClientLink(t.db, SYSTEM, other.id, "http://cofre.test");
    expect((await visit(pathOf(first))).status).toBe(200);
    expect(currentClientLink(t.db, SYSTEM, other.id, "http://cofre.test")).toBe(first);
    // Revoked, the old URL is the same 404 and the next message carries a new one.
    await api(`/api/clients/${other.id}/link`, { method: "DELETE" });
    expect((await visit(pathOf(first))).status).toBe(404);
    const next = currentClientLink(t.db, SYSTEM, other.id, "http://cofre.test");
    expect(next).not.toBe(first);
    expect((await visit(pathOf(next))).status).toBe(200);
  });

  test("≥ 32 random bytes in base64url; only its SHA-256 is stored; the history records it", async () => {
    const { padaria } = await setup();
    const made = await link(padaria.id);
    expect(made.url).toMatch(/^http:\/\/cofre\.test\/c\/[A-Za-z0-9_-]{43,}$/);
    const token = pathOf(made.url).slice(3);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    const rows = t.db.$client.query("select * from client_links").all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(tokenHash(token));
    expect(tokenHash(token)).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    // Nowhere in the database in clear: not in the links, not in the history.
    const dump = JSON.stringify(t.db.$client.query("select * from client_links").all()) + JSON.stringify(t.db.$client.query("select * from history_events").all());
    expect(dump).not.toContain(token);
    const state = (await (await api(`/api/clients/${padaria.id}/link`)).json()) as ClientLinkState;
    expect(state).toEqual({ ativo: true, criadoEm: made.criadoEm });
    const events = t.db.$client.query("select action, label, client_id from history_events where action like 'link_%'").all();
    expect(events).toEqual([{ action: "link_create", label: "Padaria Pão Quente", client_id: padaria.id }]);
    // The client's Histórico says it in words; a second link says the first stopped working.
    await link(padaria.id);
    await api(`/api/clients/${padaria.id}/link`, { method: "DELETE" });
    const history = (await (await api(`/api/clients/${padaria.id}/history`)).json()) as { texto: string }[];
    const texts = history.map((e) => e.texto).filter((text) => text.includes("link"));
    expect(texts.sort()).toEqual([
      "financeiro@cofre.test gerou o link da página do cliente Padaria Pão Quente",
      "financeiro@cofre.test gerou o link da página do cliente Padaria Pão Quente (o link anterior deixou de funcionar)",
      "financeiro@cofre.test revogou o link da página do cliente Padaria Pão Quente",
    ]);
  });

  test("PUBLIC_URL is not set: the request's origin; a new link revokes the old (same 404 as an unknown token)", async () => {
    const { padaria } = await setup();
    const first = await link(padaria.id);
    expect((await visit(pathOf(first.url))).status).toBe(200);
    const second = await link(padaria.id);
    expect(second.url).not.toBe(first.url);
    const revoked = await visit(pathOf(first.url));
    const unknown = await visit(`/c/${"A".repeat(43)}`);
    expect(revoked.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await revoked.text()).toBe(await unknown.text());
    expect((await visit(pathOf(second.url))).status).toBe(200);
    const live = t.db.$client.query("select count(*) n from client_links where revogado_em is null").get() as { n: number };
    expect(live.n).toBe(1);
  });

  test("DELETE revokes (then 404 'Este cliente não tem link ativo'); unknown client 404; a consulta may not make one", async () => {
    const { padaria } = await setup();
    const made = await link(padaria.id);
    const response = await api(`/api/clients/${padaria.id}/link`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect((await visit(pathOf(made.url))).status).toBe(404);
    const again = await api(`/api/clients/${padaria.id}/link`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Este cliente não tem link ativo" });
    expect(((await (await api(`/api/clients/${padaria.id}/link`)).json()) as ClientLinkState).ativo).toBe(false);
    expect((await api(`/api/clients/99999/link`, { method: "POST" })).status).toBe(404);
    const actions = t.db.$client.query("select action from history_events where action like 'link_%' order by id").all();
    expect(actions).toEqual([{ action: "link_create" }, { action: "link_revoke" }]);

    await addTestUser(t.db, "consulta@cofre.test", "senha-de-teste", { papel: "consulta" });
    const login = await t.request("/api/auth/login", { method: "POST", body: { email: "consulta@cofre.test", password: "senha-de-teste" } });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    expect((await t.request(`/api/clients/${padaria.id}/link`, { method: "POST", cookie })).status).toBe(403);
    expect((await t.request(`/api/clients/${padaria.id}/link`, { cookie })).status).toBe(200);
  });

  test("PUBLIC_URL, when set, makes the absolute URL", async () => {
    const { startTestApp } = await import("../../../tests/support");
    using other = await startTestApp({ PUBLIC_URL: "https://cofre.empresa.com.br" });
    const cookie = await other.login();
    const created = await other.request("/api/clients", { method: "POST", body: PADARIA, cookie });
    const { id } = (await created.json()) as ClientJson;
    const made = (await (await other.request(`/api/clients/${id}/link`, { method: "POST", cookie })).json()) as NewClientLink;
    expect(made.url).toStartWith("https://cofre.empresa.com.br/c/");
  });
});

describe("the link routes refuse bad ids and write nothing", () => {
  sweepIds(
    { send: (path, init) => api(path, init), snapshot: () => t.db.$client.query("select * from client_links union all select id, action, label, client_id, 0, 0 from history_events").all() },
    () => setup(),
    [
      { method: "GET", path: (id) => `/api/clients/${id}/link` },
      { method: "POST", path: (id) => `/api/clients/${id}/link` },
      { method: "DELETE", path: (id) => `/api/clients/${id}/link` },
    ],
    "Cliente não encontrado",
  );
});

describe("the page", () => {
  test("company, the client's open installments at today's amount with their PIX, the payments with receipts; no other client's data", async () => {
    const { padaria, parcelas } = await setup();
    const mercearia = await client(MERCEARIA);
    await installments(mercearia.id, "999.00", "Consultoria da Mercearia");
    await api(`/api/installments/${parcelas[1]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-12" } });
    const made = await link(padaria.id);
    const response = await visit(pathOf(made.url));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Cofre Serviços Financeiros Ltda");
    expect(html).toContain("Padaria Pão Quente");
    // March: 5 days late → R$ 102,17 (lateFees); May: the face value.
    expect(html).toContain("R$\u00a0102,17");
    expect(html).toContain("R$\u00a0100,00");
    const codes = [...html.matchAll(/<textarea[^>]*>([^<]+)<\/textarea>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(isValidPixPayload(code)).toBe(true);
    expect(getPixPayloadInfo(codes[0]!)?.amount).toBe(102.17);
    expect(getPixPayloadInfo(codes[1]!)?.amount).toBe(100);
    // The charge API gives the same code for the same amount.
    const pix = (await (await api(`/api/installments/${parcelas[0]!.id}/pix`)).json()) as { payload: string };
    expect(codes[0]).toBe(pix.payload);
    // The payment with its receipt.
    const numero = (t.db.$client.query("select numero from recibos where receivable_id = ?").get(parcelas[1]!.id) as { numero: number }).numero;
    expect(html).toContain(`/recibo/${numero}`);
    // Nothing of the other client.
    expect(html).not.toContain("Mercearia");
    expect(html).not.toContain("999");
    // No island, no React: only the copy script.
    expect(html).not.toContain("data-island");
    expect(html).not.toContain("island-files");
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/copy-[a-z0-9]+\.js$/);
    const script = await visit(scripts[0]!);
    const js = await script.text();
    expect(js).not.toContain("react");
    expect(js.length).toBeLessThan(2000);
    // Page weight: the HTML, the stylesheet and the script, gzipped, ≤ 15 KB.
    const css = await (await visit(html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!)).text();
    const weight = gzipSync(html).length + gzipSync(css).length + gzipSync(js).length;
    expect(weight).toBeLessThanOrEqual(15 * 1024);
  });

  test("the QR image: this client's open installment only", async () => {
    const { padaria, parcelas } = await setup();
    const mercearia = await client(MERCEARIA);
    const [other] = await installments(mercearia.id);
    const path = pathOf((await link(padaria.id)).url);
    const qr = await visit(`${path}/pix/${parcelas[0]!.id}`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
    expect(await qr.text()).toStartWith("<svg");
    expect((await visit(`${path}/pix/${other!.id}`)).status).toBe(404);
    expect((await visit(`${path}/pix/12abc`)).status).toBe(404);
  });

  test("headers: no-referrer, noindex, no-store, the CSP; no Set-Cookie even with a session cookie along", async () => {
    const { padaria } = await setup();
    const path = pathOf((await link(padaria.id)).url);
    for (const target of [path, `/c/${"x".repeat(43)}`, `${path}/recibo/999`]) {
      const response = await visit(target, t.cookie);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-robots-tag")).toContain("noindex");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    // Elsewhere, the usual policy.
    expect((await api("/api/clients")).headers.get("referrer-policy")).toBe("same-origin");
  });
});

describe("receipts", () => {
  test("a number per payment, kept when undone (the page says cancelled), a new one for the new payment; never reused", async () => {
    const { parcelas } = await setup();
    const march = parcelas[0]!.id;
    await api(`/api/installments/${march}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-15", multa: "2.00", juros: "0.17" } });
    const first = t.db.$client.query("select * from recibos").all() as { numero: number; valor_pago: number; cancelado_em: string | null }[];
    expect(first).toHaveLength(1);
    expect(first[0]!.valor_pago).toBe(10217);
    const redirect = await api(`/receivables/${march}/recibo`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`/recibos/${first[0]!.numero}`);
    const page = await (await api(`/recibos/${first[0]!.numero}`)).text();
    expect(page).toContain(`Recibo nº ${first[0]!.numero}`);
    expect(page).toContain("cento e dois reais e dezessete centavos");
    expect(page).toContain("São Paulo, 15 de março de 2026");
    expect(page).toContain("CNPJ 11.222.333/0001-81");
    expect(page).not.toContain("Recibo cancelado");

    await api(`/api/installments/${march}/undo-payment`, { method: "POST" });
    const cancelled = await (await api(`/recibos/${first[0]!.numero}`)).text();
    expect(cancelled).toContain("Recibo cancelado");
    expect(cancelled).toContain(`Recibo nº ${first[0]!.numero}`);

    await api(`/api/installments/${march}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
    const numbers = (t.db.$client.query("select numero, cancelado_em from recibos order by numero").all() as { numero: number; cancelado_em: string | null }[]);
    expect(numbers).toHaveLength(2);
    expect(numbers[1]!.numero).toBe(numbers[0]!.numero + 1);
    expect(numbers[0]!.cancelado_em).not.toBeNull();
    expect(numbers[1]!.cancelado_em).toBeNull();
    expect((await api(`/receivables/${march}/recibo`)).headers.get("location")).toBe(`/recibos/${numbers[1]!.numero}`);
    // The newest receipt gone with its installment's deletion: its number is still never reused.
    await api(`/api/installments/${parcelas[2]!.id}/pay`, { method: "PATCH" });
    const newest = (t.db.$client.query("select max(numero) n from recibos").get() as { n: number }).n;
    expect((await api(`/api/installments/${parcelas[2]!.id}`, { method: "DELETE" })).status).toBeLessThan(500);
    t.db.$client.exec(`delete from recibos where numero = ${newest}`);
    await api(`/api/installments/${parcelas[1]!.id}/pay`, { method: "PATCH" });
    expect((t.db.$client.query("select max(numero) n from recibos").get() as { n: number }).n).toBe(newest + 1);
  });

  test("art. 322: earlier installments still open are listed; a later payment lists none when all before are paid", async () => {
    const { parcelas } = await setup();
    // April paid while March is open.
    await api(`/api/installments/${parcelas[1]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
    const april = (t.db.$client.query("select numero from recibos where receivable_id = ?").get(parcelas[1]!.id) as { numero: number }).numero;
    const page = await (await api(`/recibos/${april}`)).text();
    expect(page).toContain("Ressalvadas as parcelas em aberto");
    expect(page).toContain("Ressalvadas as parcelas em aberto: parcela 1/3 de Mensalidade, vencimento em 10/03/2026, R$\u00a0100,00, que esta quitação não alcança.");
    // March paid afterwards: its own receipt has nothing before it; April's keeps what was true when it was paid.
    await api(`/api/installments/${parcelas[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
    const march = (t.db.$client.query("select numero from recibos where receivable_id = ?").get(parcelas[0]!.id) as { numero: number }).numero;
    expect(await (await api(`/recibos/${march}`)).text()).not.toContain("Ressalvadas");
    expect(await (await api(`/recibos/${april}`)).text()).toContain("Ressalvadas");
  });

  test("through a token: the client's own receipts only; another client's number is the same 404", async () => {
    const { padaria, parcelas } = await setup();
    const mercearia = await client(MERCEARIA);
    const [other] = await installments(mercearia.id);
    await api(`/api/installments/${parcelas[0]!.id}/pay`, { method: "PATCH" });
    await api(`/api/installments/${other!.id}/pay`, { method: "PATCH" });
    const mine = (t.db.$client.query("select numero from recibos where client_id = ?").get(padaria.id) as { numero: number }).numero;
    const theirs = (t.db.$client.query("select numero from recibos where client_id = ?").get(mercearia.id) as { numero: number }).numero;
    const path = pathOf((await link(padaria.id)).url);
    const own = await visit(`${path}/recibo/${mine}`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Padaria Pão Quente");
    const foreign = await visit(`${path}/recibo/${theirs}`);
    const missing = await visit(`${path}/recibo/987654`);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect((await visit(`${path}/recibo/abc`)).status).toBe(404);
  });

  test("the staff's receipt pages need a session; an unpaid installment has no receipt (404)", async () => {
    const { parcelas } = await setup();
    expect((await t.request(`/recibos/1`)).status).toBe(302);
    expect((await api(`/receivables/${parcelas[0]!.id}/recibo`)).status).toBe(404);
  });
});

describe("receipts per payment (an installment paid in parts)", () => {
  type Row = { numero: number; payment_id: number; valor_pago: number; desconto: number; saldo: number; cancelado_em: string | null };
  const receiptsOf = (id: number) => t.db.$client.query("select numero, payment_id, valor_pago, desconto, saldo, cancelado_em from recibos where receivable_id = ? order by numero").all(id) as Row[];
  const pay = (id: number, body: object) => api(`/api/installments/${id}/pay`, { method: "PATCH", body });

  test("two partial payments: two receipts, consecutive, each with its own amount and the balance it left; undo of the last cancels its own only", async () => {
    const { padaria, parcelas } = await setup();
    const april = parcelas[1]!.id;
    expect((await pay(april, { dataPagamento: "2026-03-12", valorPago: "40.00", tipo: "parcial" })).status).toBe(200);
    expect((await pay(april, { dataPagamento: "2026-03-14", valorPago: "25.00", tipo: "parcial" })).status).toBe(200);
    const payments = t.db.$client.query("select id from payments where receivable_id = ? order by id").all(april) as { id: number }[];
    const [one, two] = receiptsOf(april);
    expect(receiptsOf(april)).toHaveLength(2);
    expect(two!.numero).toBe(one!.numero + 1);
    expect(one).toMatchObject({ payment_id: payments[0]!.id, valor_pago: 4000, saldo: 6000, desconto: 0, cancelado_em: null });
    expect(two).toMatchObject({ payment_id: payments[1]!.id, valor_pago: 2500, saldo: 3500, desconto: 0, cancelado_em: null });

    const first = await (await api(`/recibos/${one!.numero}`)).text();
    expect(first).toContain("a importância de <strong>R$\u00a040,00</strong>");
    expect(first).toContain("(<span class=\"pp-words\">quarenta reais</span>), referente a pagamento parcial da parcela 2/3 de Mensalidade, com vencimento em 10/04/2026. Resta em aberto o saldo de R$\u00a060,00 desta parcela, que este recibo não quita.");
    expect(first).not.toContain("damos quitação");
    // March was open and due before: the ressalva (art. 322).
    expect(first).toContain("Ressalvadas as parcelas em aberto: parcela 1/3 de Mensalidade, vencimento em 10/03/2026, R$\u00a0100,00");
    // The staff's view lists the installment's receipts; the latest is the one "Recibo" opens.
    expect(first).toContain("Recibos desta parcela");
    expect(first).toContain(`<a href="/recibos/${two!.numero}">Recibo nº ${two!.numero}</a>`);
    expect((await api(`/receivables/${april}/recibo`)).headers.get("location")).toBe(`/recibos/${two!.numero}`);
    expect(await (await api(`/recibos/${two!.numero}`)).text()).toContain("Resta em aberto o saldo de R$\u00a035,00 desta parcela");
    // The client's page lists each payment with its receipt.
    const path = pathOf((await link(padaria.id)).url);
    const html = await (await visit(path)).text();
    expect(html).toContain(`/recibo/${one!.numero}`);
    expect(html).toContain(`/recibo/${two!.numero}`);
    expect(html).toContain("pagamento parcial, ficou saldo de R$\u00a060,00");
    expect(html).toContain("pagamento parcial, ficou saldo de R$\u00a035,00");
    // The open installment asks only its balance, as Cobrar does: its PIX is of R$ 35,00.
    expect(html).toContain("<dt>Saldo em aberto</dt><dd>R$\u00a035,00</dd>");
    const codes = [...html.matchAll(/<textarea[^>]*>([^<]+)<\/textarea>/g)].map((m) => getPixPayloadInfo(m[1]!.replaceAll("&amp;", "&"))?.amount);
    expect(codes).toEqual([102.17, 35, 100]);
    const charge = (await (await api(`/api/installments/${april}/pix`)).json()) as { valor: string };
    expect(charge.valor).toBe("35.00");

    // Undo of the last payment: its receipt cancelled (number kept), the first stays.
    expect((await api(`/api/installments/${april}/undo-payment`, { method: "POST" })).status).toBe(200);
    expect(receiptsOf(april).map((r) => [r.numero, r.cancelado_em === null])).toEqual([
      [one!.numero, true],
      [two!.numero, false],
    ]);
    expect((await api(`/receivables/${april}/recibo`)).headers.get("location")).toBe(`/recibos/${one!.numero}`);
    const page = await (await visit(path)).text();
    expect(page).toContain(`/recibo/${one!.numero}`);
    expect(page).not.toContain(`/recibo/${two!.numero}`);

    // The rest with a discount settles it: the receipt says the balance, the discount and the quitação.
    expect((await pay(april, { dataPagamento: "2026-03-15", valorPago: "50.00" })).status).toBe(200);
    const last = receiptsOf(april).at(-1)!;
    expect(last).toMatchObject({ numero: two!.numero + 1, valor_pago: 5000, desconto: 1000, saldo: 0 });
    expect(await (await api(`/recibos/${last.numero}`)).text()).toContain(
      "referente ao saldo da parcela 2/3 de Mensalidade, com vencimento em 10/04/2026, com desconto concedido de R$\u00a010,00, pelo que damos quitação desta parcela.",
    );
  });

  test("a full payment: one receipt for the whole, no list of others", async () => {
    const { parcelas } = await setup();
    const april = parcelas[1]!.id;
    expect((await pay(april, { dataPagamento: "2026-03-15" })).status).toBe(200);
    expect(receiptsOf(april)).toHaveLength(1);
    expect(receiptsOf(april)[0]).toMatchObject({ valor_pago: 10000, saldo: 0, desconto: 0, cancelado_em: null });
    const page = await (await api(`/recibos/${receiptsOf(april)[0]!.numero}`)).text();
    expect(page).toContain("referente à parcela 2/3 de Mensalidade, com vencimento em 10/04/2026, pelo que damos quitação desta parcela.");
    expect(page).not.toContain("Recibos desta parcela");
  });

  test("an earlier installment paid in part is ressalvado by its balance", async () => {
    const { parcelas } = await setup();
    expect((await pay(parcelas[0]!.id, { dataPagamento: "2026-03-12", valorPago: "30.00", tipo: "parcial" })).status).toBe(200);
    expect((await pay(parcelas[1]!.id, { dataPagamento: "2026-03-15" })).status).toBe(200);
    const page = await (await api(`/recibos/${receiptsOf(parcelas[1]!.id)[0]!.numero}`)).text();
    expect(page).toContain("Ressalvadas as parcelas em aberto: parcela 1/3 de Mensalidade, vencimento em 10/03/2026, saldo de R$\u00a070,00, que esta quitação não alcança.");
  });

  test("an installment deleted with its payments (the cascade) has every receipt cancelled, numbers kept", async () => {
    const { parcelas } = await setup();
    const april = parcelas[1]!.id;
    await pay(april, { dataPagamento: "2026-03-12", valorPago: "40.00", tipo: "parcial" });
    await pay(april, { dataPagamento: "2026-03-14", valorPago: "25.00", tipo: "parcial" });
    // The API refuses (undo first); a tool or the client's deletion removes the row itself.
    t.db.$client.query("delete from receivables where id = ?").run(april);
    expect(t.db.$client.query("select count(*) n from payments where receivable_id = ?").get(april)).toEqual({ n: 0 });
    const rows = receiptsOf(april);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.cancelado_em).not.toBeNull();
    expect(await (await api(`/recibos/${rows[0]!.numero}`)).text()).toContain("Recibo cancelado");
  });
});

describe("rate limit (it spends the allowance: no test after it in this file visits /c/)", () => {
  test("20 tokens that open nothing from one address in 10 minutes: then 429 in pt-BR with Retry-After, even for a working link", async () => {
    const { padaria } = await setup();
    const path = pathOf((await link(padaria.id)).url);
    const unpin = pinClock("2026-03-16T10:00:00-03:00");
    try {
      // A working link is not a guess: its own visits never use up the allowance.
      for (let i = 0; i < 30; i++) expect((await visit(path)).status).toBe(200);
      for (let i = 0; i < 20; i++) expect((await visit(`/c/${"y".repeat(42)}${i % 10}`)).status).toBe(404);
      const refused = await visit(path);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.text()).toContain("Muitos acessos a esta página. Tente novamente em 10 minutos.");
      expect(refused.headers.get("referrer-policy")).toBe("no-referrer");
      // Ten minutes later the address may try again.
      const later = pinClock("2026-03-16T10:10:01-03:00");
      try {
        expect((await visit(path)).status).toBe(200);
      } finally {
        later();
      }
    } finally {
      unpin();
    }
  });

  test("600 requests a minute from one address, working link or not: then 429 for a minute", async () => {
    const { padaria } = await setup();
    const path = pathOf((await link(padaria.id)).url);
    const unpin = pinClock("2026-03-17T10:00:00-03:00");
    try {
      for (let i = 0; i < 600; i++) if ((await visit(`${path}/recibo/999999`)).status !== 404) throw new Error(`request ${i} refused`);
      const refused = await visit(path);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(await refused.text()).toContain("Tente novamente em 1 minuto.");
    } finally {
      unpin();
    }
  });
});

describe("receipts for every write path", () => {
  test("a payment written by another tool (a payments row, not the API) gets its receipt too", async () => {
    const { padaria } = await setup();
    const { id } = t.db.$client
      .query("insert into receivables (client_id, numeros_parcela, descricao, data_vencimento, valor) values (?, '1/1', 'Importada', '2026-01-10', 5000) returning id")
      .get(padaria.id) as { id: number };
    t.db.$client.query("insert into payments (receivable_id, data_pagamento, principal, valor_pago) values (?, '2026-01-09', 5000, 5000)").run(id);
    const row = t.db.$client.query("select valor_pago, data_pagamento, pagador_nome, saldo from recibos where descricao = 'Importada'").get();
    expect(row).toEqual({ valor_pago: 5000, data_pagamento: "2026-01-09", pagador_nome: "Padaria Pão Quente", saldo: 0 });
  });
});

describe("many earlier installments open", () => {
  test("ten are named, the rest summed up: the receipt stays on one page", async () => {
    expect((await api("/api/settings", { method: "PUT", body: SETTINGS })).status).toBe(200);
    const padaria = await client();
    const response = await api("/api/installments/generate", {
      method: "POST",
      body: { clientId: padaria.id, numParcelas: 14, valor: "1400.00", primeiroVencimento: "2025-01-10", descricao: "Mensalidade" },
    });
    const parcelas = ((await response.json()) as { installments: InstallmentJson[] }).installments;
    await api(`/api/installments/${parcelas[13]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
    const numero = (t.db.$client.query("select numero from recibos where receivable_id = ?").get(parcelas[13]!.id) as { numero: number }).numero;
    const page = await (await api(`/recibos/${numero}`)).text();
    expect(page).toContain("parcela 10/14 de Mensalidade, vencimento em 10/10/2025, R$\u00a0100,00; e mais 3 parcelas com vencimento até 10/01/2026, somando R$\u00a0300,00, que esta quitação não alcança.");
    expect(page).not.toContain("parcela 11/14 de");
  });
});

describe("a subscription month's receipt", () => {
  test("names the competência in words", async () => {
    const { parcelas } = await setup();
    t.db.$client.query("update receivables set competencia = '2026-03' where id = ?").run(parcelas[0]!.id);
    await api(`/api/installments/${parcelas[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-01" } });
    const numero = (t.db.$client.query("select numero from recibos where receivable_id = ?").get(parcelas[0]!.id) as { numero: number }).numero;
    const page = await (await api(`/recibos/${numero}`)).text();
    expect(page).toContain("referente à parcela 1/3 de Mensalidade, competência março de 2026, com vencimento em 10/03/2026, pelo que damos quitação desta parcela.");
    expect(page).toContain("São Paulo, 1º de março de 2026.");
  });
});
