// The Parceiros list's pure part: the summary the page shows above it.
import type { PartnerSummary } from "../../src/api/partners/model";
import { formatCount } from "../../src/lib/numbers";

/** The summary's figures, in the order the page shows them (SPEC §2: total, com e-mail, com telefone). */
export const SUMMARY_FIGURES = [
  { key: "total", label: "Total de parceiros", icon: "handshake" },
  { key: "comEmail", label: "Com e-mail", icon: "mail" },
  { key: "comTelefone", label: "Com telefone", icon: "phone" },
] as const satisfies readonly { key: keyof PartnerSummary; label: string; icon: string }[];


/**
 * The summary is static markup the server renders (src/pages/PartnersPage.tsx); after a change
 * the list island writes the new figures into it, found by `data-summary`.
 */
export function showPartnerSummary(summary: PartnerSummary, root: ParentNode = document): void {
  for (const { key } of SUMMARY_FIGURES) {
    const element = root.querySelector(`[data-summary="${key}"]`);
    if (element) element.textContent = formatCount(summary[key]);
  }
}
