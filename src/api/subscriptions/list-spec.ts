// Assinaturas: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { oneOf, text, type ListSpec } from "../../lib/list-spec";

const SUBSCRIPTION_STATUSES = ["nao_iniciada", "ativa", "pausada", "encerrada"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  nao_iniciada: "Não iniciada",
  ativa: "Ativa",
  pausada: "Pausada",
  encerrada: "Encerrada",
};

/**
 * "Encerra após 05/2026": an `encerrada` subscription whose `fim` has not passed still bills up
 * to it (DECISIONS §8), and says so where its status is shown; null otherwise.
 */
function endsAfterLabel(s: { status: SubscriptionStatus; fim: string | null }, today: string): string | null {
  if (s.status !== "encerrada" || !s.fim || s.fim < today.slice(0, 7)) return null;
  return `Encerra após ${s.fim.slice(5, 7)}/${s.fim.slice(0, 4)}`;
}

/** The status as a person reads it: "Encerra após MM/AAAA" until an ended subscription's last month has passed. */
export const statusLabel = (s: { status: SubscriptionStatus; fim: string | null }, today: string) => endsAfterLabel(s, today) ?? STATUS_LABELS[s.status];

export const SUBSCRIPTION_SORTS = ["cliente", "valor", "proximoVencimento", "status"] as const;
export type SubscriptionSortKey = (typeof SUBSCRIPTION_SORTS)[number];

/** Assinaturas in the URL: ?status=&q=&ordem=&pagina=&porPagina=. */
export const SUBSCRIPTION_LIST = {
  path: "/subscriptions",
  endpoint: "/api/subscriptions",
  filters: {
    status: oneOf(["nao_iniciada", "ativa", "pausada", "encerrada", "trial"], "Situação inválida: use nao_iniciada, ativa, pausada, encerrada ou trial"),
    q: text,
  },
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: "cliente",
  perPage: 50,
  listName: "assinaturas",
} satisfies ListSpec;
