import { useId, useState, type DragEvent } from "react";
import { MAX_STATEMENT_BYTES, TOO_LARGE, type ImportAnswer } from "../../src/api/statements/model";
import { cx } from "../../src/ui/cx";
import { flashToast } from "../../src/ui/flash";
import { Icon } from "../../src/ui/Icon";
import { toast } from "../../src/ui/toast";
import { importDetails } from "./words";

interface StatementUploadProps {
  /** The empty screen's large version (no statement yet), or the compact one above a statement. */
  large?: boolean;
}

type UploadState = { kind: "idle" } | { kind: "sending"; name: string } | { kind: "failed"; message: string };

/**
 * "Importar extrato": a real file input with its visible label, which is also where a file can be
 * dropped. The file goes as multipart `arquivo`; while the server reads and matches it the zone
 * says so (aria-live); then the statement opens with the server's words as the toast, or the
 * server's reason shows under the field and as a toast. Too large a file is refused before sending.
 */
export function StatementUpload({ large = false }: StatementUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const sending = state.kind === "sending";

  function fail(message: string) {
    setState({ kind: "failed", message });
    toast({ title: "Erro", description: message, variant: "destructive" });
  }

  async function send(file: File) {
    if (sending) return;
    if (file.size > MAX_STATEMENT_BYTES) return fail(TOO_LARGE);
    setState({ kind: "sending", name: file.name });
    const form = new FormData();
    form.append("arquivo", file, file.name);
    let response: Response;
    let body: { message?: unknown } | null = null;
    try {
      response = await fetch("/api/statements", { method: "POST", credentials: "same-origin", body: form });
      body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    } catch {
      return fail("Não foi possível enviar o arquivo: verifique a conexão e tente de novo.");
    }
    if (response.status === 401) return location.assign("/login");
    if (!response.ok) {
      const message = typeof body?.message === "string" && body.message ? body.message : `${response.status}: não foi possível importar o extrato.`;
      return fail(message);
    }
    const answer = body as ImportAnswer;
    // The statement opens in a full page load: the toast waits for it.
    flashToast({ title: answer.message, description: importDetails(answer) });
    location.assign(`/reconciliation?extrato=${answer.id}`);
  }

  function chosen(files: FileList | null) {
    const file = files?.[0];
    if (file) void send(file);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    chosen(event.dataTransfer.files);
  }

  return (
    <div
      className={cx("rec-upload", large && "rec-upload--large", dragging && "rec-upload--dragging")}
      data-invalid={state.kind === "failed" || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!dragging) setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
    >
      <input
        id={inputId}
        className="rec-upload__input"
        type="file"
        name="arquivo"
        accept=".ofx,application/x-ofx"
        disabled={sending}
        aria-describedby={state.kind === "failed" ? `${hintId} ${errorId}` : hintId}
        aria-invalid={state.kind === "failed" || undefined}
        onChange={(event) => {
          chosen(event.currentTarget.files);
          // The same file chosen again (after fixing it) is a new change.
          event.currentTarget.value = "";
        }}
      />
      {/* The whole zone is the label's click target (its ::after covers it); the name stays short. */}
      <div className="rec-upload__zone">
        <span className="rec-upload__icon">
          <Icon name="download" size={large ? 28 : 22} />
        </span>
        <span className="rec-upload__text">
          <label htmlFor={inputId} className="rec-upload__title">
            Importar extrato (OFX)
          </label>
          <span className="rec-upload__hint" id={hintId}>
            Arraste o arquivo até aqui ou clique para escolher. Até 5 MB.
          </span>
        </span>
        <span className="rec-upload__button ui-button ui-button--secondary ui-button--md" aria-hidden="true">
          Escolher arquivo
        </span>
      </div>
      <p className="rec-upload__status" role="status" aria-live="polite">
        {sending && (
          <>
            <span className="ui-button__spinner" aria-hidden="true" />
            Enviando e conciliando… <span className="rec-upload__file">{state.name}</span>
          </>
        )}
      </p>
      {sending && <progress className="rec-upload__progress" aria-label="Enviando e conciliando o extrato" />}
      {state.kind === "failed" && (
        <p className="rec-upload__error" id={errorId} role="alert">
          <Icon name="alert" size={16} />
          {state.message}
        </p>
      )}
    </div>
  );
}
