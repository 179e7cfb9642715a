// Assinaturas: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { oneOf, text, type ListSpec } from "../../lib/list-spec";

export const SUBSCRIPTION_STATUSES = ["nao_iniciada", "ativa", "pausada", "encerrada"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  nao_iniciada: "Não iniciada",
  ativa: "Ativa",
  pausada: "Pausada",
  encerrada: "Encerrada",
};

export const SUBSCRIPTION_SORTS = ["cliente", "valor", "proximoVencimento", "status"] as const;
export type SubscriptionSortKey = (typeof SUBSCRIPTION_SORTS)[number];

/** Assinaturas in the URL: ?status=&q=&ordem=&pagina=&porPagina=. */
export const SUBSCRIPTION_LIST = {
  path: "/subscriptions",
  endpoint: "/api/subscriptions",
  filters: {
    status: oneOf(["ativa", "pausada", "encerrada", "trial"], "Situação inválida: use ativa, pausada, encerrada ou trial"),
    q: text,
  },
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: "cliente",
  perPage: 50,
  listName: "assinaturas",
} satisfies ListSpec;
