import type { ListParams } from "../../lib/list-spec";
import { z } from "zod/mini";
import { formatPhone } from "../../lib/brazil";
import { requiredEmail, requiredPhone, requiredText } from "../fields";
import { PARTNER_LIST } from "./list-spec";

// The partner form (SPEC §5), used by the PartnerForm island and by POST/PATCH /api/partners.

export const partnerSchema = z.object(
  {
    nome: requiredText("Nome é obrigatório"),
    empresa: requiredText("Empresa é obrigatória"),
    email: requiredEmail("E-mail inválido"),
    telefone: requiredPhone("Telefone é obrigatório"),
  },
  "Dados inválidos",
);

export type PartnerInput = z.output<typeof partnerSchema>;

/** The dialog's state, exactly as the inputs hold it. */
export interface PartnerFormValues {
  nome: string;
  empresa: string;
  email: string;
  telefone: string;
}

export const emptyPartnerForm: PartnerFormValues = { nome: "", empresa: "", email: "", telefone: "" };

/** A partner as the API sends it. */
export interface PartnerJson {
  id: number;
  nome: string;
  empresa: string;
  email: string;
  telefone: string;
  createdAt: string;
  updatedAt: string;
}

/** Fills the edit dialog from a row: the phone punctuated as the mask shows it. */
export function partnerFormValues(partner: Pick<PartnerJson, keyof PartnerFormValues>): PartnerFormValues {
  return { nome: partner.nome, empresa: partner.empresa, email: partner.email, telefone: formatPhone(partner.telefone) };
}

/** The table's view, typed (PARTNER_LIST read); `view` is the same view as URL parameters. */
export interface PartnerQuery {
  q: string;
  sort: { key: "nome" | "empresa"; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  view: ListParams;
}

/** The Parceiros summary (SPEC §2): total, with e-mail, with phone. */
export interface PartnerSummary {
  total: number;
  comEmail: number;
  comTelefone: number;
}

export { PARTNER_LIST };
