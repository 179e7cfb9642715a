import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { BulkStartAnswer } from "../../src/api/subscriptions/bulk";
import { dismissToast } from "../../src/ui/toast";
import { button, control, settle } from "../../tests/islands";
import { cleanup, click, render } from "../../tests/ui";
import { BulkStartDialog } from "./BulkStartDialog";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
  cleanup();
});

interface Sent {
  url: string;
  body: Record<string, unknown> | undefined;
  key: string | null;
}

const answer = (simulado: boolean): BulkStartAnswer => ({
  message: simulado ? "2 assinaturas serão iniciadas; 1 cliente pulado" : "2 assinaturas iniciadas; 1 cliente pulado",
  iniciadas: 2,
  total: "350.00",
  puladas: [{ clientId: 9, nome: "Delta Ótica", motivo: "A assinatura já foi iniciada" }],
  atrasadas: { quantidade: 2, total: "300.00" },
  geradas: simulado ? 0 : 2,
  simulado,
});

function stub(): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ url, body, key: headers.get("idempotency-key") });
    const reply = url.endsWith("subscription-rules") ? { antecedenciaDias: 10, vencimentoEmDiaUtil: true } : answer(body?.simular === true);
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return sent;
}

/** The simulation waits for typing to stop (250 ms). */
const simulated = async () => {
  await settle();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await settle();
};

describe("BulkStartDialog (Iniciar assinaturas)", () => {
  test("defaults to the first month not overdue, shows the server's count, total, overdue months and skips, then starts once with an Idempotency-Key", async () => {
    const sent = stub();
    let started = 0;
    render(<BulkStartDialog clientes={[1, 2, 9]} today="2026-11-16" onClose={() => {}} onStarted={() => started++} />);
    await simulated();
    // Day 10 of November has passed on 16/11: the first month not overdue is December.
    expect(control("Início (primeiro mês cobrado)").value).toBe("2026-12");
    const simulation = sent.find((s) => s.body?.simular === true)!;
    expect(simulation.body).toEqual({ clientes: [1, 2, 9], diaVencimento: 10, inicio: "2026-12", trialAte: null, simular: true });
    const text = document.body.textContent ?? "";
    expect(text).toContain("2 assinaturas serão iniciadas, somando R$\u00a0350,00 por mês.");
    expect(text).toContain("Este início cobra 2 meses já vencidos (R$\u00a0300,00)");
    expect(text).toContain("Delta Ótica: A assinatura já foi iniciada");

    click(button("Iniciar 2 assinaturas"));
    await settle();
    const start = sent.find((s) => s.body && s.body.simular === undefined)!;
    expect(start.body).toEqual({ clientes: [1, 2, 9], diaVencimento: 10, inicio: "2026-12", trialAte: null });
    expect(start.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(started).toBe(1);
  });
});
