// A row action's ending (SPEC §8), on its own: "Minha conta" ends its sessions with it without the
// list kit (islands/lib/list-kit.tsx re-exports it for the lists).
import { toast } from "../../src/ui/toast";
import { ApiError, serverMessage } from "./api";

export interface ActionOutcome {
  /** The success toast when the server's answer has no `message` of its own (which it says otherwise). */
  done?: string;
  /** SPEC §8's message when the server gives no reason (or when `ownMessage`). */
  failed: string;
  /** Show `failed` even when the server sends a reason (SPEC's fixed wording). */
  ownMessage?: boolean;
  /** Refetches what the action changed (the list's same view), right after the toast. */
  reload?(): void;
}

/** Runs one row action and ends it as SPEC §8 says: a toast (the server's words) and a reload, or 'Erro' and why. */
export async function runRowAction(action: () => Promise<unknown>, outcome: ActionOutcome): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await action();
  } catch (error) {
    const reason = error instanceof ApiError && !outcome.ownMessage ? error.serverMessage : null;
    toast({ title: "Erro", description: reason || outcome.failed, variant: "destructive" });
    return false;
  }
  toast({ title: serverMessage(answer) ?? outcome.done ?? "Feito" });
  outcome.reload?.();
  return true;
}

