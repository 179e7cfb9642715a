import { useRef, useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Icon } from "../../src/ui/Icon";
import { toast } from "../../src/ui/toast";

export interface TemporaryPassword {
  /** Whose it is: "Ana Souza (ana@empresa.com.br)". */
  owner: string;
  senha: string;
}

/**
 * A temporary password, shown this once (the server keeps only its hash): the text selectable, a
 * copy button, and the warning that it will not be shown again. Esc, the X or a click outside do
 * not lose it before it was copied: they say so and point at "Já anotei a senha", which closes.
 */
export function TemporaryPasswordDialog({ password, onClose }: { password: TemporaryPassword; onClose(): void }) {
  const textRef = useRef<HTMLElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState(false);
  const [held, setHeld] = useState(false);

  function dismiss() {
    if (copied) return onClose();
    setHeld(true);
    doneRef.current?.focus();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(password.senha);
      setCopied(true);
      toast({ title: "Senha copiada" });
    } catch {
      // No clipboard (an http page, a refused permission): select it for the person to copy.
      const text = textRef.current;
      if (text) getSelection()?.selectAllChildren(text);
      toast({ title: "Não foi possível copiar", description: "A senha está selecionada: copie com Ctrl+C.", variant: "destructive" });
    }
  }

  return (
    <Dialog
      open
      onClose={dismiss}
      title="Senha temporária"
      size="sm"
      footer={
        <Button ref={doneRef} variant="primary" onClick={onClose}>
          Já anotei a senha
        </Button>
      }
    >
      <div className="users-temp">
        <p className="users-temp__owner">
          Senha temporária de <strong>{password.owner}</strong>:
        </p>
        <div className="users-temp__row">
          <code ref={textRef} className="users-temp__password" data-testid="senha-temporaria">
            {password.senha}
          </code>
          <Button variant="secondary" onClick={copy} aria-label={copied ? "Senha copiada" : "Copiar senha"}>
            <Icon name={copied ? "check" : "copy"} size={18} />
            {copied ? "Copiada" : "Copiar"}
          </Button>
        </div>
        <p className="users-temp__warning" role="note">
          <Icon name="alert" size={18} />
          <span>
            Ela não será mostrada de novo. Entregue-a por um canal seguro: no primeiro acesso, o Cofre pede uma senha nova.
          </span>
        </p>
        {held && (
          <p className="users-temp__held" role="alert">
            Anote ou copie a senha antes de fechar: feche com “Já anotei a senha”.
          </p>
        )}
      </div>
    </Dialog>
  );
}
