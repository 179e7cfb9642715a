// The bank account a payment goes into or out of (issue 34 §3): Baixar, Pagar and their bulk
// forms. Shown only once the company has an account; the default account comes chosen.
import type { AccountChoice } from "../../src/api/accounts/model";
import { Field } from "../../src/ui/Field";
import { Select } from "../../src/ui/Select";

/** The default account's id as the select holds it ("" when there is none: no account named). */
export const defaultAccountValue = (contas: readonly AccountChoice[]) => String(contas.find((c) => c.padrao)?.id ?? "");

export function AccountSelect({ contas, value, onChange, error, className }: { contas: readonly AccountChoice[]; value: string; onChange(value: string): void; error?: string; className?: string }) {
  if (contas.length === 0) return null;
  return (
    <Field label="Conta bancária" error={error} className={className}>
      <Select
        name="contaId"
        value={value}
        onValueChange={onChange}
        placeholder={contas.some((c) => c.padrao) ? undefined : "Não informar"}
        options={contas.map((c) => ({ value: String(c.id), label: c.padrao ? `${c.nome} (padrão)` : c.nome }))}
      />
    </Field>
  );
}
