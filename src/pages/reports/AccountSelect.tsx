import type { AccountFilterChoice } from "../../api/accounts/balance";

/** "Conta: Todas | each account" in a report's GET form (issue 34 §3); inactive ones say so. */
export function AccountSelect({ contas, conta }: { contas: AccountFilterChoice[]; conta: number | null }) {
  return (
    <label className="report-field">
      <span>Conta</span>
      <select className="ui-select" name="conta" defaultValue={conta === null ? "" : String(conta)}>
        <option value="">Todas</option>
        {contas.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
            {c.padrao ? " (padrão)" : ""}
            {c.ativa ? "" : " (inativa)"}
          </option>
        ))}
      </select>
    </label>
  );
}
