// Exports are whole (issue 38 §5): the lists' CSVs stopped at 100,000 rows without a word; now
// every row of the view goes out, streamed.
import { expect, test } from "bun:test";
import { useTestApp } from "../../tests/support";

const t = useTestApp();
const ROWS = 100_010;

const lines = async (path: string) => {
  const response = await t.api(path);
  expect(response.status).toBe(200);
  const text = await response.text();
  // Header + one CRLF-ended line per row (no cell here holds a line break).
  return text.split("\r\n").length - 2;
};

test("the receivables and history exports hold every row of the view past 100,000", async () => {
  const db = t.db.$client;
  db.exec("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) VALUES ('Grande Ltda', '11222333000181', 'Ana', '11987654321', 'g@cofre.test', 100, 'G-1')");
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor)
    SELECT (SELECT max(id) FROM clients), '1/1', 'Parcela ' || i, date('2026-01-01', '+' || (i % 300) || ' days'), 1000 + i FROM n`);
  // Events without a search text: the export reads them all the same, and the index has nothing to write.
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, busca)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds'), 1, 'ana@cofre.test', 'pay', 'installment', i, 'Parcela ' || i, '{}', '' FROM n`);
  const events = (db.query("SELECT count(*) AS n FROM history_events").get() as { n: number }).n;
  expect(await lines("/receivables/export")).toBe(ROWS);
  expect(await lines("/history/export")).toBe(events);
}, 60_000);
