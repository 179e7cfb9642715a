// How a bank is named from its code (the OFX's BANKID, three digits): the one home of that
// wording for what Cofre writes — the supplier a bank fee is paid to ("Tarifa bancária", issue
// 34 §2) is named by it. For now the code as the reconciliation screen shows it ("Banco 341");
// the FEBRABAN names (npm `bancos-brasileiros`, issue 34 §3) replace it here.

/** "Banco 341". */
export function bankName(code: string): string {
  return `Banco ${code.trim()}`;
}
