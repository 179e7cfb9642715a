import { useId, useState } from "react";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE, type ImportError, type ImportPreview, type ImportResult, type ImportRow } from "../src/api/imports/model";
import { formatCnpj } from "../src/lib/brazil";
import { cents, formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { formatCount } from "../src/lib/numbers";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { Icon } from "../src/ui/Icon";
import { Table, type TableColumn } from "../src/ui/Table";
import { toast } from "../src/ui/toast";

export interface ClientImportProps {
  /** Today in APP_TZ (the preview's default first month is the server's). */
  today: string;
}

type State =
  | { kind: "idle" }
  | { kind: "reading"; name: string }
  | { kind: "failed"; message: string }
  | { kind: "preview"; file: File; preview: ImportPreview; refused?: string }
  | { kind: "importing"; file: File; preview: ImportPreview }
  | { kind: "done"; result: ImportResult };

/** The rows shown in the preview: every row with an error, then valid ones up to this many. */
const SHOWN_VALID = 100;

const monthText = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

async function post(file: File, confirm: boolean): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append("arquivo", file, file.name);
  const response = await fetch(`/api/clients/import${confirm ? "?confirmar=1" : ""}`, { method: "POST", credentials: "same-origin", body: form });
  if (response.status === 401) location.assign("/login");
  return { status: response.status, body: await response.json().catch(() => null) };
}

const messageOf = (body: unknown, fallback: string) => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : fallback;
};

/**
 * Importar clientes (issue 35 §1): the template, the "salve como CSV" steps, the file, then the
 * preview of every row with its errors (nothing written yet), "Importar N clientes" (all or
 * nothing) and the result.
 */
export default function ClientImport(_props: ClientImportProps) {
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: "idle" });

  function fail(message: string) {
    setState({ kind: "failed", message });
    toast({ title: "Erro", description: message, variant: "destructive" });
  }

  async function read(file: File) {
    if (file.size > IMPORT_MAX_BYTES) return fail(IMPORT_TOO_LARGE);
    setState({ kind: "reading", name: file.name });
    try {
      const { status, body } = await post(file, false);
      if (status !== 200) return fail(messageOf(body, `${status}: não foi possível ler o arquivo.`));
      setState({ kind: "preview", file, preview: body as ImportPreview });
    } catch {
      fail("Não foi possível enviar o arquivo: verifique a conexão e tente de novo.");
    }
  }

  async function confirm(file: File, preview: ImportPreview) {
    setState({ kind: "importing", file, preview });
    try {
      const { status, body } = await post(file, true);
      if (status === 201) {
        const result = body as ImportResult;
        toast({ title: result.message });
        return setState({ kind: "done", result });
      }
      const message = messageOf(body, `${status}: não foi possível importar.`);
      toast({ title: "Erro", description: message, variant: "destructive" });
      // 422: the rows changed since the preview (a client saved meanwhile): show them again.
      if (status === 422) return setState({ kind: "preview", file, preview: body as ImportPreview, refused: message });
      setState({ kind: "preview", file, preview, refused: message });
    } catch {
      setState({ kind: "preview", file, preview, refused: "Não foi possível enviar o arquivo: verifique a conexão e tente de novo." });
    }
  }

  const busy = state.kind === "reading" || state.kind === "importing";
  return (
    <div className="imp-screen">
      <section className="ui-card imp-steps" aria-labelledby={`${inputId}-passos`}>
        <h2 id={`${inputId}-passos`} className="imp-steps__title">
          Como preparar a planilha
        </h2>
        <ol className="imp-steps__list">
          <li>
            Baixe o{" "}
            <a href="/clients/import/modelo-clientes.csv" download>
              modelo de planilha (modelo-clientes.csv)
            </a>{" "}
            e preencha uma linha por cliente. Colunas obrigatórias: {IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.label).join(", ")}.
          </li>
          <li>
            Para já iniciar a assinatura, preencha <strong>Dia de vencimento</strong> (e, se quiser, <strong>Início</strong> como MM/AAAA e <strong>Trial até</strong>). Sem
            Início, a assinatura começa no primeiro mês que ainda não venceu.
          </li>
          <li>
            Planilhas do Excel (.xlsx) não são lidas: <strong>salve como CSV</strong>. No Excel: Arquivo › Salvar como › “CSV UTF-8 (delimitado por vírgulas)”. No
            LibreOffice: Arquivo › Salvar como › “Texto CSV (.csv)”.
          </li>
        </ol>
        <p className="imp-steps__note">
          Até {formatCount(IMPORT_MAX_ROWS)} clientes e 20 MB por arquivo. Nada é gravado antes de você conferir a prévia, e a importação é tudo ou nada.
        </p>
      </section>

      {state.kind !== "done" && (
        <div className="rec-upload" data-invalid={state.kind === "failed" || undefined}>
          <input
            id={inputId}
            className="rec-upload__input"
            type="file"
            name="arquivo"
            accept=".csv,text/csv,.txt"
            disabled={busy}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void read(file);
              // The same file chosen again (after fixing it) is a new change.
              event.currentTarget.value = "";
            }}
          />
          <div className="rec-upload__zone">
            <span className="rec-upload__icon">
              <Icon name="download" size={22} />
            </span>
            <span className="rec-upload__text">
              <label htmlFor={inputId} className="rec-upload__title">
                {state.kind === "preview" ? "Escolher outro arquivo (CSV)" : "Escolher a planilha (CSV)"}
              </label>
              <span className="rec-upload__hint" id={`${inputId}-hint`}>
                Arquivo CSV separado por ponto e vírgula ou vírgula.
              </span>
            </span>
            <span className="rec-upload__button ui-button ui-button--secondary ui-button--md" aria-hidden="true">
              Escolher arquivo
            </span>
          </div>
          <p className="rec-upload__status" role="status" aria-live="polite">
            {state.kind === "reading" && (
              <>
                <span className="ui-button__spinner" aria-hidden="true" />
                Lendo e conferindo… <span className="rec-upload__file">{state.name}</span>
              </>
            )}
          </p>
          {state.kind === "failed" && (
            <p className="rec-upload__error" role="alert">
              <Icon name="alert" size={16} />
              {state.message}
            </p>
          )}
        </div>
      )}

      {(state.kind === "preview" || state.kind === "importing") && (
        <PreviewPanel
          file={state.file}
          preview={state.preview}
          refused={state.kind === "preview" ? state.refused : undefined}
          importing={state.kind === "importing"}
          onImport={() => void confirm(state.file, state.preview)}
        />
      )}

      {state.kind === "done" && (
        <section className="ui-card imp-result" aria-labelledby={`${inputId}-resultado`} role="status">
          <h2 id={`${inputId}-resultado`} className="imp-result__title">
            <Icon name="check" size={20} /> {state.result.message}
          </h2>
          {state.result.geradas > 0 && <p>{state.result.geradas === 1 ? "1 parcela gerada pelas assinaturas." : `${state.result.geradas} parcelas geradas pelas assinaturas.`}</p>}
          <p className="imp-result__actions">
            <a className="ui-button ui-button--primary ui-button--md" href="/clients">
              Ver clientes
            </a>
            {state.result.assinaturas > 0 && (
              <a className="ui-button ui-button--secondary ui-button--md" href="/subscriptions">
                Ver assinaturas
              </a>
            )}
            <Button variant="secondary" onClick={() => setState({ kind: "idle" })}>
              Importar outro arquivo
            </Button>
          </p>
        </section>
      )}
    </div>
  );
}

interface PreviewPanelProps {
  file: File;
  preview: ImportPreview;
  refused?: string;
  importing: boolean;
  onImport(): void;
}

type Row = ImportRow & { erros: ImportError[] };

function PreviewPanel({ file, preview, refused, importing, onImport }: PreviewPanelProps) {
  const headingId = useId();
  const byLine = new Map<number, ImportError[]>();
  for (const e of preview.erros) byLine.set(e.linha, [...(byLine.get(e.linha) ?? []), e]);
  const rows: Row[] = preview.clientes.map((c) => ({ ...c, erros: byLine.get(c.linha) ?? [] }));
  const wrong = rows.filter((r) => !r.valida);
  const valid = rows.filter((r) => r.valida);
  const shown = [...wrong, ...valid.slice(0, SHOWN_VALID)];
  const overdue = rows.filter((r) => r.atrasadas);
  const overdueTotal = overdue.reduce((sum, r) => sum + (parseMoney(r.atrasadas!.total) ?? 0), 0);
  const n = preview.validas;
  return (
    <section className="ui-card imp-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="imp-preview__title">
        Prévia de {file.name}
      </h2>
      <p className="imp-preview__summary">
        {formatCount(preview.linhas)} {preview.linhas === 1 ? "linha" : "linhas"}: {formatCount(n)} {n === 1 ? "válida" : "válidas"}
        {wrong.length > 0 && (
          <>
            , <strong className="imp-preview__bad">{formatCount(wrong.length)} com erro</strong>
          </>
        )}
        .{preview.assinaturas > 0 && ` ${formatCount(preview.assinaturas)} ${preview.assinaturas === 1 ? "assinatura será iniciada" : "assinaturas serão iniciadas"}.`}{" "}
        <span className="imp-preview__meta">
          ({preview.codificacao === "utf-8" ? "UTF-8" : "Windows-1252"}, separador “{preview.separador}”)
        </span>
      </p>
      {overdue.length > 0 && (
        <p className="imp-preview__warning" role="note">
          <Icon name="alert" size={16} /> {overdue.length === 1 ? "1 assinatura começa" : `${overdue.length} assinaturas começam`} com meses já vencidos:{" "}
          {overdue.reduce((sum, r) => sum + r.atrasadas!.quantidade, 0)} parcelas, {formatBRL(cents(overdueTotal))}, geradas em atraso ao importar (podem bloquear o cliente).
        </p>
      )}
      {(refused || wrong.length > 0) && (
        <p className="imp-preview__error" role="alert">
          <Icon name="alert" size={16} />
          {refused ?? "Corrija as linhas com erro na planilha e envie o arquivo de novo: a importação é tudo ou nada."}
        </p>
      )}
      <Table
        className="ui-table-wrap--cards ui-table-wrap--sticky imp-table"
        label="Prévia das linhas do arquivo"
        columns={COLUMNS}
        rows={shown}
        rowKey={(r) => r.linha}
        empty="Nenhuma linha."
      />
      {valid.length > SHOWN_VALID && (
        <p className="imp-preview__more">
          … e mais {formatCount(valid.length - SHOWN_VALID)} linhas válidas.
        </p>
      )}
      <div className="imp-preview__actions">
        <Button onClick={onImport} loading={importing} disabled={wrong.length > 0 || n === 0}>
          {n === 1 ? "Importar 1 cliente" : `Importar ${formatCount(n)} clientes`}
        </Button>
      </div>
    </section>
  );
}

const COLUMNS: TableColumn<Row>[] = [
  { key: "linha", header: "Linha", align: "end", render: (r) => <span className="ui-nowrap">{r.linha}</span> },
  {
    key: "nome",
    header: "Nome",
    phone: "title",
    // The row's errors under its name: read with the row, at any width.
    render: (r) => (
      <div className="imp-name">
        <span className="ui-ellipsis" title={r.nome}>
          {r.nome || "(sem nome)"}
        </span>
        {r.erros.length > 0 && (
          <ul className="imp-errors">
            {r.erros.map((e, i) => (
              <li key={i}>
                <strong>{e.campo}:</strong> {e.mensagem}
              </li>
            ))}
          </ul>
        )}
      </div>
    ),
  },
  {
    key: "situacao",
    header: "Situação",
    phone: "badge",
    render: (r) => (r.valida ? <Badge variant="success">OK</Badge> : <Badge variant="danger">{r.erros.length === 1 ? "1 erro" : `${r.erros.length} erros`}</Badge>),
  },
  { key: "cnpj", header: "CNPJ", render: (r) => <span className="ui-nowrap">{formatCnpj(r.cnpj)}</span> },
  { key: "codigo", header: "Código", render: (r) => <span className="ui-nowrap">{r.codigoCliente}</span> },
  {
    key: "mensalidade",
    header: "Mensalidade",
    align: "end",
    render: (r) => <span className="ui-nowrap">{r.isTrial && !r.assinatura ? "Trial" : r.valorMensalidade === null ? "—" : formatBRL(parseMoney(r.valorMensalidade) ?? ZERO)}</span>,
  },
  {
    key: "assinatura",
    header: "Assinatura",
    render: (r) =>
      r.assinatura ? (
        <span className="ui-nowrap">
          Dia {r.assinatura.diaVencimento}, desde {monthText(r.assinatura.inicio)}
          {r.assinatura.trialAte ? `, trial até ${r.assinatura.trialAte.split("-").reverse().join("/")}` : ""}
        </span>
      ) : (
        "—"
      ),
  },
];
