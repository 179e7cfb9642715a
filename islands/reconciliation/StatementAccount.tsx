// A statement whose numbers match no registered account (issue 34 §3): asked once, above its
// lines — "Cadastrar esta conta" (the dialog prefilled with the file's bank, branch and number;
// nothing else invented) or an existing account chosen. Once attached, later imports of the same
// numbers find it (src/api/accounts/service.ts accountForNumbers).
import { useEffect, useState } from "react";
import type { AccountChoice, BankChoice } from "../../src/api/accounts/model";
import type { StatementJson } from "../../src/api/statements/model";
import { Button } from "../../src/ui/Button";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Select } from "../../src/ui/Select";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "../lib/api";
import { Loading, onDemand } from "../lib/on-demand";
import type { AccountDraft } from "../accounts/AccountDialog";

const AccountDialog = onDemand(() => import("../accounts/AccountDialog").then((m) => m.AccountDialog));

export function StatementAccount({ statement, onAttached }: { statement: StatementJson; onAttached(): void }) {
  const [accounts, setAccounts] = useState<AccountChoice[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [banks, setBanks] = useState<BankChoice[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api<(AccountChoice & { ativa: boolean })[]>("/api/accounts")
      .then((all) => live && setAccounts(all.filter((a) => a.ativa)))
      .catch(() => live && setAccounts([]));
    return () => {
      live = false;
    };
  }, [statement.id]);

  async function openDialog() {
    try {
      setBanks(await api<BankChoice[]>("/api/banks"));
    } catch {
      toast({ title: "Erro", description: "Não foi possível carregar a lista de bancos.", variant: "destructive" });
    }
  }

  async function attach() {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const answer = await api(`/api/statements/${statement.id}/account`, { method: "POST", body: { contaId: Number(chosen) } });
      toast({ title: serverMessage(answer) ?? "Extrato ligado à conta" });
      onAttached();
    } catch (error) {
      toast({ title: "Erro", description: error instanceof ApiError ? (error.serverMessage ?? error.message) : "Não foi possível ligar o extrato.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const numbers = [statement.bancoNome, statement.agencia ? `Ag. ${statement.agencia}` : null, `Conta ${statement.conta}`].filter(Boolean).join(" · ");
  return (
    <section className="rec-account" aria-labelledby="rec-account-title" onPointerEnter={() => void AccountDialog.preload()}>
      <p id="rec-account-title" className="rec-account__text">
        <Icon name="info" size={18} />
        <span>
          Este extrato é de uma conta que ainda não está em Contas bancárias: <strong>{numbers}</strong>. Cadastre-a ou escolha a conta dele: os próximos extratos
          dela já chegam ligados.
        </span>
      </p>
      <div className="rec-account__actions">
        <Button onClick={openDialog}>
          <Icon name="plus" size={16} />
          Cadastrar esta conta
        </Button>
        {accounts && accounts.length > 0 && (
          <div className="rec-account__pick">
            <Field label="Ou escolha uma conta cadastrada">
              <Select placeholder="Selecione…" options={accounts.map((a) => ({ value: String(a.id), label: a.nome }))} value={chosen} onValueChange={setChosen} />
            </Field>
            <Button variant="secondary" onClick={attach} disabled={!chosen || busy}>
              Ligar à conta
            </Button>
          </div>
        )}
      </div>
      {banks && (
        <Loading onFailed={() => setBanks(null)}>
          <AccountDialog
            record={null}
            draft={draftOf(statement)}
            banks={banks}
            today={statement.de ?? statement.importadoEm.slice(0, 10)}
            first={accounts?.length === 0}
            onClose={() => setBanks(null)}
            onSaved={() => {
              setBanks(null);
              onAttached();
            }}
          />
        </Loading>
      )}
    </section>
  );
}

/**
 * The new account as the file knows it: bank, branch and number; with the file's LEDGERBAL (the
 * bank's balance at the end of its day) that balance as the opening one on that day (an opening
 * balance is the balance at the end of its date: src/api/accounts/balance.ts) — the bank's own figure. Without it, no balance is invented: 0,00 for the person to fill in.
 */
function draftOf(s: StatementJson): AccountDraft {
  const draft: AccountDraft = { banco: s.banco, agencia: s.agencia ?? "", conta: s.conta, extratoId: s.id };
  if (s.saldo !== null && s.saldoData) return { ...draft, saldoInicial: s.saldo, saldoInicialData: s.saldoData };
  return draft;
}
