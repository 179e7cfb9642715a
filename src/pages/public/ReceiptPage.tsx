// A receipt (recibo, DECISIONS §12), one A4 page: what Código Civil art. 320 asks of a quitação
// (the amount, the payer, what is paid, the date and place, the creditor's signature) and, when
// earlier installments were still open at payment, their ressalva (art. 322). The same document
// for the staff (/recibos/:numero) and the client (/c/{token}/recibo/:numero).
import type { Company, Receipt, ReceiptSummary } from "../../api/client-page/service";
import { formatCnpj } from "../../lib/brazil";
import { formatDateBR } from "../../lib/dates";
import { valorPorExtenso } from "../../lib/extenso";
import { cents, formatBRL } from "../../lib/money";
import { MONTH_NAMES } from "../../lib/months";

/** "5 de novembro de 2026" ("1º de …" on the first). */
function dateInWords(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return `${day === 1 ? "1º" : day} de ${MONTH_NAMES[month - 1]} de ${year}`;
}

/** A description in the ressalvas, cut to 60 characters: number, due date and amount identify the installment. */
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text);

/** At most this many open installments are named one by one: the receipt stays on one A4 page. */
const NAMED_RESSALVAS = 10;

/** What is open of an earlier installment: its face value, or the balance a partial payment left. */
const amountOpen = (p: Receipt["ressalvas"][number]) =>
  p.saldo !== undefined && p.saldo < p.valor ? `saldo de ${formatBRL(cents(p.saldo))}` : formatBRL(cents(p.valor));

/** "parcela 1/3 de Mensalidade, vencimento em 10/03/2026, R$ 100,00; …" and, past ten, the rest summed up. */
function ressalvasText(items: Receipt["ressalvas"]): string {
  const named = items
    .slice(0, NAMED_RESSALVAS)
    .map((p) => `parcela ${p.numerosParcela} de ${short(p.descricao)}, vencimento em ${formatDateBR(p.dataVencimento)}, ${amountOpen(p)}`);
  const rest = items.slice(NAMED_RESSALVAS);
  if (rest.length === 0) return named.join("; ");
  const total = rest.reduce((sum, p) => sum + (p.saldo ?? p.valor), 0);
  const last = rest.at(-1)!.dataVencimento;
  return `${named.join("; ")}; e mais ${rest.length} ${rest.length === 1 ? "parcela" : "parcelas"} com vencimento até ${formatDateBR(last)}, somando ${formatBRL(cents(total))}`;
}

/** "março de 2026" */
const monthInWords = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} de ${ym.slice(0, 4)}`;

/**
 * `others`: the installment's receipts (one per payment, this one included), for the staff's view
 * of an installment paid in parts: listed on screen, never printed.
 */
export function ReceiptPage({
  receipt,
  company,
  back,
  others = [],
}: {
  receipt: Receipt;
  company: Company;
  back: { href: string; label: string };
  others?: ReceiptSummary[];
}) {
  const r = receipt;
  const fees = (r.multa ?? 0) + (r.juros ?? 0);
  const empresa = company.empresa || "a empresa";
  const parcela = `parcela ${r.numerosParcela} de ${r.descricao}${r.competencia ? `, competência ${monthInWords(r.competencia)}` : ""}, com vencimento em ${formatDateBR(r.dataVencimento)}`;
  // One receipt per payment (DECISIONS §12): a payment that left a balance says so and gives no
  // quitação; the one that settles after earlier payments receipts the balance it paid.
  const saldo = r.saldo ?? 0;
  const desconto = r.desconto ?? 0;
  const principal = r.valorPago - fees;
  const what =
    saldo > 0 ? `a pagamento parcial da ${parcela}` : principal + desconto < r.valor ? `ao saldo da ${parcela}` : `à ${parcela}`;
  const feesText = fees > 0 ? `, incluídos multa de ${formatBRL(cents(r.multa ?? 0))} e juros de ${formatBRL(cents(r.juros ?? 0))} por atraso` : "";
  const descontoText = desconto > 0 ? `, com desconto concedido de ${formatBRL(cents(desconto))}` : "";
  const closing =
    saldo > 0
      ? `. Resta em aberto o saldo de ${formatBRL(cents(saldo))} desta parcela, que este recibo não quita.`
      : ", pelo que damos quitação desta parcela.";
  const ressalvas = ressalvasText(r.ressalvas);
  const place = company.cidade ? `${company.cidade}, ${dateInWords(r.dataPagamento)}` : dateInWords(r.dataPagamento);
  return (
    <main className="pp-page pp-receipt-page">
      <nav className="pp-actions no-print" aria-label="Ações do recibo">
        <a href={back.href}>{back.label}</a>
        <span data-print="" />
      </nav>
      {others.length > 1 && (
        <nav className="pp-receipt-list no-print" aria-label="Recibos desta parcela">
          <h2>Recibos desta parcela</h2>
          <ul>
            {others.map((o) => (
              <li key={o.numero}>
                {o.numero === r.numero ? (
                  <strong aria-current="page">{`Recibo nº ${o.numero}`}</strong>
                ) : (
                  <a href={`/recibos/${o.numero}`}>{`Recibo nº ${o.numero}`}</a>
                )}
                {` · ${formatDateBR(o.dataPagamento)} · ${formatBRL(cents(o.valorPago))}${o.canceladoEm ? " · cancelado" : ""}`}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <article className={`pp-receipt${r.canceladoEm ? " pp-cancelled" : ""}`} aria-labelledby="recibo-titulo">
        {r.canceladoEm && (
          <p className="pp-cancel-note" role="note">
            {`Recibo cancelado: o pagamento a que se refere foi desfeito. O número ${r.numero} não será usado de novo.`}
          </p>
        )}
        <header className="pp-receipt-head">
          <div>
            <p className="pp-company-name">{company.empresa}</p>
            {company.cnpj && <p>{`CNPJ ${formatCnpj(company.cnpj)}`}</p>}
            {company.endereco && <p>{company.endereco}</p>}
            {!company.endereco && company.cidade && <p>{company.cidade}</p>}
          </div>
          <div className="pp-receipt-number">
            <h1 id="recibo-titulo">{`Recibo nº ${r.numero}`}</h1>
            <p className="pp-amount">{formatBRL(cents(r.valorPago))}</p>
          </div>
        </header>
        <p className="pp-receipt-text">
          {"Recebemos de "}
          <strong>{r.pagadorNome}</strong>
          {`, CNPJ ${formatCnpj(r.pagadorCnpj)}, a importância de `}
          <strong>{formatBRL(cents(r.valorPago))}</strong>
          {" ("}
          <span className="pp-words">{valorPorExtenso(r.valorPago)}</span>
          {`), referente ${what}${feesText}${descontoText}${closing}`}
        </p>
        {r.ressalvas.length > 0 && <p className="pp-receipt-text">{`Ressalvadas as parcelas em aberto: ${ressalvas}, que esta quitação não alcança.`}</p>}
        <p className="pp-receipt-place">{`${place}.`}</p>
        <div className="pp-signature">
          <p>{empresa}</p>
          {company.cnpj && <p>{`CNPJ ${formatCnpj(company.cnpj)}`}</p>}
        </div>
      </article>
    </main>
  );
}
