import { useId, useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { PartyPicker, type Party } from "../lib/PartyPicker";

export interface NewSubscriptionPickerProps {
  onClose(): void;
  /** The client chosen: the caller opens its subscription dialog. */
  onPicked(client: Party): void;
}

/** "Nova assinatura": which client (the kit's picker, searched by name, CNPJ or e-mail), then its Assinatura dialog. */
export function NewSubscriptionPicker({ onClose, onPicked }: NewSubscriptionPickerProps) {
  const [client, setClient] = useState<Party | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title="Nova assinatura"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={formId}>
            Continuar
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (!client) return setError("Cliente é obrigatório");
          onPicked(client);
        }}
      >
        <Field label="Cliente" required error={error}>
          <PartyPicker
            endpoint="/api/clients"
            value={client}
            placeholder="Nome, CNPJ ou e-mail"
            onChange={(party) => {
              setClient(party);
              setError(undefined);
            }}
          />
        </Field>
      </form>
    </Dialog>
  );
}
