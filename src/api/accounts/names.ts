// How an account is named (issue 34 §3), apart from the form's schema: the list island reads it
// without loading zod (the dialog, which needs the schema, loads on demand).

/** "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" (no branch: no "Ag."). */
export function accountNumbers(a: { bancoNome: string; agencia: string | null; conta: string }): string {
  return [a.bancoNome, a.agencia ? `Ag. ${a.agencia}` : null, `Conta ${a.conta}`].filter(Boolean).join(" · ");
}

/** What names an account: its apelido, else its bank, branch and number. */
export const accountName = (a: { apelido: string; bancoNome: string; agencia: string | null; conta: string }) => a.apelido || accountNumbers(a);
