// Bulk actions on Contas a Receber / a Pagar (issue 35 §3, DECISIONS §14): the cap, the actions
// and the answer of POST /api/installments/bulk and /api/payables/bulk. Client-safe and without
// zod (the body's schema is the server's, in bulk.ts): the selection bar
// (islands/ledger/BulkBar.tsx) reads these in the list's own bundle.

/** The most rows one action touches (one transaction: DECISIONS §14). */
export const MAX_BULK_ROWS = 5_000;
/** "+N dias": at most about ten years. */
export const MAX_BULK_DAYS = 3_650;

export const BULK_ACTIONS = ["baixar", "prorrogar", "excluir", "cobrar"] as const;
/** Cobrar (Contas a Receber only): e-mail now, through the outbox, or the WhatsApp worklist. */
export const BULK_CHARGE_CHANNELS = ["email", "whatsapp"] as const;
export type BulkChargeChannel = (typeof BULK_CHARGE_CHANNELS)[number];
export const tooManyRows = (n: number) =>
  `Seleção grande demais: no máximo ${MAX_BULK_ROWS.toLocaleString("pt-BR")} por ação (${n.toLocaleString("pt-BR")} selecionadas). Filtre a lista e repita.`;

export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What an action did: how many changed, and the rows left as they were grouped by why. */
export interface BulkAnswer {
  /** "37 parcelas baixadas; 2 já estavam pagas". */
  message: string;
  acao: BulkAction;
  alteradas: number;
  /** The rows changed, by id. */
  ids: number[];
  mantidas: { motivo: string; quantidade: number; ids: number[] }[];
  /** Cobrar: the messages written (one per client), first to last id, and how many clients. */
  mensagens?: number[];
  clientes?: number;
}

/** Where Cobrar by WhatsApp leads: the régua's worklist, only this action's messages (contiguous ids: one transaction). */
export const worklistOf = (mensagens: readonly number[]) =>
  mensagens.length === 0 ? "/dunning/whatsapp" : `/dunning/whatsapp?mensagens=${Math.min(...mensagens)}-${Math.max(...mensagens)}`;
