// The client's page link (DECISIONS §12), from the client's "⋯" menu: whether one works now, and
// "Gerar link" / "Gerar novo link" / "Revogar link". The server keeps only the token's hash, so the
// full URL is shown once, right after it is made, with a copy button; later only its existence.
import { useEffect, useRef, useState } from "react";
import type { ClientLinkState, NewClientLink } from "../../src/api/client-page/links";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Icon } from "../../src/ui/Icon";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";
import { useCanWrite } from "../lib/can-write";

export interface ClientLinkDialogProps {
  clientId: number;
  clientName: string;
  onClose(): void;
}

const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

export function ClientLinkDialog({ clientId, clientName, onClose }: ClientLinkDialogProps) {
  const canWrite = useCanWrite();
  const [state, setState] = useState<ClientLinkState | null>(null);
  const [made, setMade] = useState<NewClientLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<ClientLinkState>(`/api/clients/${clientId}/link`, { signal: controller.signal }).then(setState, (error: unknown) => {
      if (controller.signal.aborted) return;
      toast({ title: "Não foi possível ler o link", description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined, variant: "destructive" });
    });
    return () => controller.abort();
  }, [clientId]);

  async function run<T>(work: () => Promise<T>, failed: string): Promise<T | null> {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      toast({ title: failed, description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined, variant: "destructive" });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    const link = await run(() => api<NewClientLink>(`/api/clients/${clientId}/link`, { method: "POST" }), "Não foi possível gerar o link");
    if (!link) return;
    setMade(link);
    setState({ ativo: true, criadoEm: link.criadoEm });
    setConfirmRevoke(false);
    toast({ title: "Link gerado", description: "Copie e envie ao cliente." });
  }

  async function revoke() {
    const answer = await run(() => api<{ message: string }>(`/api/clients/${clientId}/link`, { method: "DELETE" }), "Não foi possível revogar o link");
    if (!answer) return;
    setMade(null);
    setState({ ativo: false, criadoEm: null });
    setConfirmRevoke(false);
    toast({ title: answer.message });
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast({ title: "Link copiado" });
    } catch {
      // No clipboard (an http page, a refused permission): select it for the person to copy.
      urlRef.current?.select();
      toast({ title: "Não foi possível copiar", description: "O link está selecionado: copie com Ctrl+C.", variant: "destructive" });
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Link do cliente"
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      <div className="client-link">
        <p className="client-link__intro">
          A página de <strong>{clientName}</strong> mostra as parcelas em aberto com o PIX de cada uma e os recibos dos pagamentos,
          sem senha: quem tiver o link vê estas informações.
        </p>
        <p className="client-link__state" role="status">
          {state === null ? "Verificando…" : state.ativo ? `Link ativo, gerado em ${when(state.criadoEm!)}.` : "Este cliente não tem link ativo."}
        </p>
        {made && (
          <div className="client-link__made">
            <label htmlFor="client-link-url">Endereço da página</label>
            <div className="client-link__row">
              <input id="client-link-url" ref={urlRef} className="client-link__url" readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" onClick={copy}>
                <Icon name="copy" size={18} />
                Copiar link
              </Button>
            </div>
            <p className="client-link__warning" role="note">
              <Icon name="alert" size={18} />
              <span>Copie agora: por segurança o Cofre não guarda o endereço e não poderá mostrá-lo de novo.</span>
            </p>
          </div>
        )}
        {canWrite && state !== null && (
          <div className="client-link__actions">
            {state.ativo && !made && <p className="client-link__hint">Gerar um novo link faz o atual deixar de funcionar.</p>}
            <Button variant="primary" onClick={create} loading={busy}>
              {state.ativo ? "Gerar novo link" : "Gerar link"}
            </Button>
            {state.ativo &&
              (confirmRevoke ? (
                <>
                  <Button variant="destructive" onClick={revoke} loading={busy}>
                    Confirmar revogação
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirmRevoke(false)}>
                    Cancelar
                  </Button>
                </>
              ) : (
                <Button variant="secondary" onClick={() => setConfirmRevoke(true)}>
                  Revogar link
                </Button>
              ))}
          </div>
        )}
      </div>
    </Dialog>
  );
}
