import { Field } from "../src/ui/Field";
import { PartyPicker, type Party } from "./lib/PartyPicker";

export interface ReportPartyPickProps {
  kind: "cliente" | "fornecedor";
  /** The party whose report is shown, if any. */
  selected: Party | null;
}

/** The report's searchable pick: choosing a client or supplier opens its report's URL. */
export default function ReportPartyPick({ kind, selected }: ReportPartyPickProps) {
  const client = kind === "cliente";
  return (
    <Field label={client ? "Cliente" : "Fornecedor"} className="report-pick">
      <PartyPicker
        endpoint={client ? "/api/clients" : "/api/suppliers"}
        value={selected}
        placeholder={client ? "Buscar cliente por nome, CNPJ ou e-mail" : "Buscar fornecedor por nome, CNPJ ou e-mail"}
        onChange={(party) => {
          if (party && party.id !== selected?.id) location.assign(`/reports?aba=${kind}&id=${party.id}`);
        }}
      />
    </Field>
  );
}
