// The password rules (DECISIONS §10, issue 31 §15), one home for the API (users, Minha conta),
// the command line (`cofre user add/passwd`) and the first start's ADMIN_PASSWORD: at least 10
// characters, not the e-mail, and strong enough by zxcvbn-ts with its Brazilian dictionaries
// (score ≥ MIN_SCORE), refused with the estimator's own pt-BR advice. Server-only: the
// dictionaries (~1 MB) are loaded on the first check, never at start-up and never by a page.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { normalizeEmail } from "../auth/service";
import { MIN_PASSWORD, MIN_SCORE, PASSWORD_IS_EMAIL, PASSWORD_TOO_SHORT, PASSWORD_WEAK } from "./model";

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-pt-br")]).then(
    ([{ ZxcvbnFactory }, common, ptBr]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
        graphs: common.adjacencyGraphs,
        translations: ptBr.translations,
      }),
  );
  return estimator;
}

/** The message that refuses `password` for the account `email`, or null when it may be used. */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD) return PASSWORD_TOO_SHORT;
  const account = normalizeEmail(email);
  const local = account.split("@")[0]!;
  const lowered = password.trim().toLowerCase();
  if (lowered === account || lowered === local) return PASSWORD_IS_EMAIL;
  // The e-mail and its parts count as known words: "maria.silva2026" is the name plus a year.
  const known = [account, local, local.replace(/[._+-]+/g, ""), ...local.split(/[._+-]+/).filter((part) => part.length > 2), "cofre"];
  const { score, feedback } = (await loadEstimator()).check(password, known);
  if (score >= MIN_SCORE) return null;
  const advice = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(" ");
  return `${PASSWORD_WEAK} ${advice || "Use uma frase com palavras pouco comuns."}`;
}
