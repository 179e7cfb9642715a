// Client import (issue 35 §1, DECISIONS §14): the file's columns and the API's shapes. Client-safe:
// the import screen shows the same column names and limits the server reads.

/** A column of the file: SPEC's form label, and other names spreadsheets already use for it. */
export interface ImportColumn {
  key: ImportKey;
  label: string;
  required: boolean;
  aliases: readonly string[];
  /** An example for the template's second line. */
  example: string;
}

export type ImportKey =
  | "nome"
  | "cnpj"
  | "codigoCliente"
  | "contato"
  | "telefone"
  | "email"
  | "url"
  | "valorMensalidade"
  | "isTrial"
  | "diaVencimento"
  | "inicio"
  | "trialAte";

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: "nome", label: "Nome", required: true, aliases: ["razao social", "nome do cliente", "cliente"], example: "Padaria Pão Quente Ltda" },
  { key: "cnpj", label: "CNPJ", required: true, aliases: [], example: "11.222.333/0001-81" },
  { key: "codigoCliente", label: "Código do cliente", required: true, aliases: ["codigo", "cod cliente", "codigo cliente"], example: "PAD-001" },
  { key: "contato", label: "Contato", required: true, aliases: ["responsavel"], example: "Maria Souza" },
  { key: "telefone", label: "Telefone", required: true, aliases: ["fone", "celular", "whatsapp"], example: "(11) 98765-4321" },
  { key: "email", label: "E-mail", required: true, aliases: ["email"], example: "financeiro@padaria.com.br" },
  { key: "url", label: "URL", required: false, aliases: ["url opcional", "site"], example: "https://padaria.com.br" },
  { key: "valorMensalidade", label: "Mensalidade", required: true, aliases: ["valor mensalidade", "valor da mensalidade", "valor"], example: "1.234,56" },
  { key: "isTrial", label: "Trial", required: false, aliases: ["em trial"], example: "Não" },
  { key: "diaVencimento", label: "Dia de vencimento", required: false, aliases: ["dia do vencimento", "vencimento"], example: "10" },
  { key: "inicio", label: "Início", required: false, aliases: ["inicio da assinatura", "primeiro mes"], example: "" },
  { key: "trialAte", label: "Trial até", required: false, aliases: ["trial ate"], example: "" },
];

/** At most this many clients per file (issue 35 §1). */
export const IMPORT_MAX_ROWS = 5_000;
/** The file's size limit (the route's own body limit, src/http/errors.ts). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "Arquivo muito grande: o limite é 20 MB";
/** More columns than this is not the clients' spreadsheet (and is not read further). */
export const IMPORT_MAX_COLUMNS = 60;

/** What Excel and LibreOffice take to save a sheet as CSV (the screen and the .xlsx refusal say it). */
export const SAVE_AS_CSV =
  'Planilhas do Excel (.xlsx) não são lidas: salve como CSV. No Excel: Arquivo › Salvar como › "CSV UTF-8 (delimitado por vírgulas)". No LibreOffice: Arquivo › Salvar como › "Texto CSV (.csv)".';

export interface ImportError {
  /** The file's line (the header is line 1). */
  linha: number;
  /** The column's label ("CNPJ"), or "arquivo" for the row as a whole. */
  campo: string;
  mensagem: string;
}

/** A row as it will be saved (a preview row, valid or not). */
export interface ImportRow {
  linha: number;
  nome: string;
  cnpj: string;
  codigoCliente: string;
  valorMensalidade: string | null;
  isTrial: boolean;
  /** The subscription started with the client, when the row asks for one. */
  assinatura: { diaVencimento: number; inicio: string; trialAte: string | null } | null;
  /** Months that start bills already overdue (DECISIONS §8: said before saving). */
  atrasadas: { quantidade: number; total: string } | null;
  valida: boolean;
}

/** POST /api/clients/import (the preview, and the 422 of a refused import). */
export interface ImportPreview {
  linhas: number;
  validas: number;
  erros: ImportError[];
  clientes: ImportRow[];
  assinaturas: number;
  codificacao: "utf-8" | "windows-1252";
  separador: ";" | ",";
}

/** POST /api/clients/import?confirmar=1 answer. */
export interface ImportResult {
  message: string;
  importados: number;
  assinaturas: number;
  geradas: number;
}
