import { formatCount } from "../lib/numbers";
import { SUMMARY_FIGURES } from "../../islands/partners/view";
import type { PartnerJson, PartnerQuery, PartnerSummary } from "../api/partners/model";
import { Island } from "../ssr/Island";
import { Icon } from "../ui/Icon";
import { RegisterHeader } from "./register-page";

interface PartnersPageProps {
  query: PartnerQuery;
  page: { rows: PartnerJson[]; total: number };
  summary: PartnerSummary;
}

/**
 * Parceiros: heading and summary are static (the list island rewrites the figures after a
 * change, through their data-summary names); the table and its dialogs are one island.
 */
export function PartnersPage({ query, page, summary }: PartnersPageProps) {
  return (
    <>
      <RegisterHeader title="Parceiros" description="Contatos de parceiros comerciais e das empresas que representam." newLabel="Novo Parceiro" />
      <PartnersSummary summary={summary} />
      <Island name="PartnersList" props={{ initial: page, params: query.view }} />
    </>
  );
}

/** SPEC §2's summary: total, com e-mail, com telefone (the figures carry their data-summary names). */
export function PartnersSummary({ summary }: { summary: PartnerSummary }) {
  return (
    <ul className="par-summary" aria-label="Resumo dos parceiros">
      {SUMMARY_FIGURES.map(({ key, label, icon }) => (
        <li key={key} className="ui-card par-summary__card">
          <span className="par-summary__icon">
            <Icon name={icon} size={20} />
          </span>
          <span className="par-summary__text">
            <span className="par-summary__label">{label}</span>
            <span className="par-summary__value" data-summary={key}>
              {formatCount(summary[key])}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
