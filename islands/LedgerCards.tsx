import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Icon, type IconName } from "../src/ui/Icon";
import { useSignalValue } from "../src/ui/use-signal";
import type { InstallmentSummary } from "../src/api/installments/model";
import type { Figure } from "../src/api/ledger/model";
import type { PayableSummary } from "../src/api/payables/model";
import type { LedgerKind } from "./ledger/kinds";
import { ledgerSummary } from "./lib/state";
import { formatCount } from "../src/lib/numbers";

export interface LedgerCardsProps {
  kind: LedgerKind;
  initial: InstallmentSummary | PayableSummary;
}

const parcelas = (n: number) => `${formatCount(n)} ${n === 1 ? "parcela" : "parcelas"}`;

/** The cards above the list (SPEC §2); they follow every change the list island makes. */
export default function LedgerCards({ kind, initial }: LedgerCardsProps) {
  const summary = (useSignalValue(ledgerSummary) ?? initial) as InstallmentSummary & PayableSummary;
  const cards: { title: string; value: string; note: string; icon: IconName; tone: string }[] =
    kind === "receber"
      ? [
          { title: "Total em Aberto", value: money(summary.emAberto), note: parcelas(summary.emAberto.quantidade), icon: "wallet", tone: "warning" },
          { title: "Vencidas", value: money(summary.vencidas), note: parcelas(summary.vencidas.quantidade), icon: "alert", tone: "danger" },
          { title: "Recebido no Mês", value: money(summary.recebidoNoMes), note: parcelas(summary.recebidoNoMes.quantidade), icon: "check", tone: "success" },
        ]
      : [
          { title: "Total a Pagar", value: money(summary.totalAPagar), note: parcelas(summary.totalAPagar.quantidade), icon: "wallet", tone: "warning" },
          { title: "Total Pago", value: money(summary.totalPago), note: parcelas(summary.totalPago.quantidade), icon: "check", tone: "success" },
          { title: "Vencidas", value: money(summary.vencidas), note: parcelas(summary.vencidas.quantidade), icon: "alert", tone: "danger" },
          { title: "Performance", value: `${formatCount(summary.performance)}%`, note: "Taxa de pagamento", icon: "chart", tone: "info" },
        ];
  return (
    <div className={`ledger-cards ledger-cards--${cards.length}`}>
      {cards.map((card) => (
        <section key={card.title} className={`ledger-card ledger-card--${card.tone}`} aria-label={card.title}>
          <div className="ledger-card__head">
            <h2 className="ledger-card__title">{card.title}</h2>
            <Icon name={card.icon} size={18} />
          </div>
          <p className="ledger-card__value">{card.value}</p>
          <p className="ledger-card__note">{card.note}</p>
        </section>
      ))}
    </div>
  );
}

function money(figure: Figure): string {
  return formatBRL(parseMoney(figure.total) ?? ZERO);
}
