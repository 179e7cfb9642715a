import { useId, useRef, useState, type FormEvent } from "react";
import { createEntrySchemas, type CategoryGroupChoice, type EntryChoices } from "../../src/api/statements/entry-model";
import type { CreateEntryAnswer, TransactionJson } from "../../src/api/statements/model";
import { formatDateBR } from "../../src/lib/dates";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { PartyPicker, type Party } from "../lib/PartyPicker";
import { useForm } from "../lib/use-form";

// words.ts's money, not imported: a module this dialog shared with the screen would be a file of
// its own on the page (issue 21 §2), instead of part of the screen's.
const money = (text: string) => formatBRL(parseMoney(text) ?? ZERO);

export interface EntryDialogProps {
  statementId: number;
  /** The statement's bank as the server names it ("Itaú Unibanco (341)"): the fee's supplier. */
  bancoNome: string;
  transaction: TransactionJson;
  choices: EntryChoices;
  onClose(): void;
  /** The line is settled by the new installment: the screen reloads. */
  onDone(answer: CreateEntryAnswer): void;
}

interface EntryValues {
  clientId?: string;
  supplierId?: string;
  descricao: string;
  /** "": the side's default (a credit: Serviços avulsos; a debit: the supplier's own, else Fornecedores). */
  categoriaId: string;
  centroCustoId: string;
}

const MAX_DESCRICAO = 500;

/**
 * "Criar lançamento" (issue 34 §2, issue 36 §1): the line becomes a new receivable (a credit:
 * which client) or payable (a debit: which supplier) due and paid on its date, for its amount —
 * shown, never edited: it is the bank's. The description comes from the line; the category is
 * asked (the side's own, by group). On a debit, "Tarifa bancária" does it all in one click: the
 * bank as supplier, Tarifas bancárias as category.
 */
export function EntryDialog({ statementId, bancoNome, transaction, choices, onClose, onDone }: EntryDialogProps) {
  const credit = transaction.tipo === "credito";
  const partyKey = credit ? "clientId" : "supplierId";
  const [initial] = useState<EntryValues>(() => ({
    [partyKey]: "",
    descricao: transaction.descricao.slice(0, MAX_DESCRICAO),
    categoriaId: credit && choices.receitaPadrao !== null ? String(choices.receitaPadrao) : "",
    centroCustoId: "",
  }));
  const form = useForm<EntryValues>(credit ? createEntrySchemas.credito : createEntrySchemas.debito, initial);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const { values, errors } = form;
  const [party, setParty] = useState<Party | null>(null);
  const [sending, setSending] = useState<false | "form" | "tarifa">(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const path = `/api/statements/${statementId}/transactions/${transaction.id}/create-entry`;
  const groups = credit ? choices.receita : choices.despesa;

  async function send(body: object, how: "form" | "tarifa") {
    if (sending) return;
    setSending(how);
    setRefusal(null);
    try {
      const answer = await api<CreateEntryAnswer>(path, { method: "POST", body });
      toast({ title: answer.message, description: "Para desfazer, use “Desfazer lançamento” na linha da transação." });
      onDone(answer);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) form.setErrors(apiError.errors);
      const message = apiError?.serverMessage || "Não foi possível criar o lançamento.";
      setRefusal(message);
      toast({ title: "Erro", description: message, variant: "destructive" });
      setSending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) {
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void send(values, "form");
  }

  // Esc, the backdrop and the close button: with something chosen or typed, ask first (Cancelar is explicit).
  function requestClose() {
    if (sending) return;
    const changed = (Object.keys(initial) as (keyof EntryValues)[]).some((key) => values[key] !== initial[key]);
    if (changed) setAskingDiscard(true);
    else onClose();
  }

  const partyLabel = credit ? "Cliente" : "Fornecedor";
  return (
    <>
      <Dialog
        open
        size="lg"
        title={credit ? "Criar parcela a receber" : "Criar conta a pagar"}
        onClose={requestClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={sending !== false}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} loading={sending === "form"} disabled={sending === "tarifa"}>
              Criar e conciliar
            </Button>
          </>
        }
      >
        <div className="rec-pick rec-entry">
          <dl className="ledger-facts rec-pick__facts">
            <div>
              <dt>Transação</dt>
              <dd className="ui-ellipsis" title={transaction.descricao}>
                {transaction.descricao}
              </dd>
            </div>
            <div>
              <dt>Vencimento e pagamento</dt>
              <dd>{formatDateBR(transaction.data)}</dd>
            </div>
            <div>
              <dt>Valor</dt>
              <dd className={credit ? undefined : "rec-amount--debito"}>{money(transaction.valor)}</dd>
            </div>
          </dl>

          {!credit && choices.tarifa && (
            <div className="rec-entry__fee">
              <p className="rec-entry__fee-text">
                Tarifa do banco? Lança como conta paga a <strong>{bancoNome}</strong>, na categoria <strong>Tarifas bancárias</strong>.
              </p>
              <Button variant="secondary" onClick={() => send({ tarifa: true }, "tarifa")} loading={sending === "tarifa"} disabled={sending === "form"}>
                <Icon name="wallet" size={18} />
                Tarifa bancária
              </Button>
            </div>
          )}

          {refusal && (
            <p className="reg-form__alert" role="alert">
              <Icon name="alert" size={16} />
              {refusal}
            </p>
          )}

          <form ref={formRef} id={formId} className="reg-form" noValidate onSubmit={submit} aria-label={credit ? "Nova parcela a receber" : "Nova conta a pagar"}>
            <Field label={partyLabel} required error={errors[partyKey]} className="reg-form__wide">
              <PartyPicker
                endpoint={credit ? "/api/clients" : "/api/suppliers"}
                value={party}
                placeholder={`Buscar ${partyLabel.toLowerCase()} por nome, CNPJ ou e-mail`}
                onChange={(chosen) => {
                  setParty(chosen);
                  form.set(partyKey, chosen ? String(chosen.id) : "");
                }}
              />
            </Field>
            <Field label="Descrição" required error={errors.descricao} className="reg-form__wide">
              <Input name="descricao" maxLength={MAX_DESCRICAO} value={values.descricao} onValueChange={(v) => form.set("descricao", v)} />
            </Field>
            <Field label="Categoria" error={errors.categoriaId} className="reg-form__wide">
              <GroupedSelect
                name="categoriaId"
                placeholder={credit ? "Padrão: Serviços avulsos" : "Padrão: a do fornecedor (ou Fornecedores)"}
                groups={groups}
                value={values.categoriaId}
                onValueChange={(v) => form.set("categoriaId", v)}
              />
            </Field>
            {choices.centros.length > 0 && (
              <Field label="Centro de custo" error={errors.centroCustoId}>
                <Select
                  name="centroCustoId"
                  placeholder="Nenhum"
                  options={choices.centros.map((c) => ({ value: String(c.id), label: c.nome }))}
                  value={values.centroCustoId}
                  onValueChange={(v) => form.set("centroCustoId", v)}
                />
              </Field>
            )}
          </form>
        </div>
      </Dialog>
      <ConfirmDialog
        open={askingDiscard}
        title="Descartar alterações?"
        message="O que você escolheu e digitou neste lançamento será perdido."
        confirmLabel="Descartar"
        cancelLabel="Continuar editando"
        destructive
        onConfirm={() => {
          setAskingDiscard(false);
          onClose();
        }}
        onCancel={() => setAskingDiscard(false)}
      />
    </>
  );
}

/** A native select whose categories sit under their group (optgroup), as the plano de contas shows them. */
function GroupedSelect(props: {
  name: string;
  placeholder: string;
  groups: CategoryGroupChoice[];
  value: string;
  onValueChange(value: string): void;
  id?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
}) {
  const { groups, placeholder, onValueChange, ...rest } = props;
  return (
    <select {...rest} className="ui-select" onChange={(event) => onValueChange(event.currentTarget.value)}>
      <option value="">{placeholder}</option>
      {groups.map((group) => (
        <optgroup key={group.grupo} label={group.grupo}>
          {group.categorias.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.nome}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
