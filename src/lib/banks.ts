// Bank names (issue 34 §3): a FEBRABAN (COMPE) code → the name people know, "Itaú Unibanco (341)".
// Server only: the list (npm `bancos-brasileiros`, ~380 KB of JSON) never reaches a browser — the
// server resolves names and sends them (`bancoNome`), and the account form's bank picker gets the
// short list `bankChoices()` builds (tests/client-chunks.test.ts checks no client file holds it).
import list from "bancos-brasileiros";

interface FebrabanBank {
  COMPE: string;
  LongName: string;
  ShortName: string;
}

/**
 * The names a Brazilian small business uses for the banks it most likely has, where the list's
 * own (the legal name, "ITAÚ UNIBANCO S.A.", or the abbreviated "BCO DO BRASIL S.A.") reads
 * unlike the bank's brand. Any other code reads its cleaned legal name.
 */
const KNOWN: Record<string, string> = {
  "001": "Banco do Brasil",
  "004": "Banco do Nordeste",
  "021": "Banestes",
  "033": "Santander",
  "041": "Banrisul",
  "070": "BRB",
  "077": "Inter",
  "104": "Caixa Econômica Federal",
  "136": "Unicred",
  "197": "Stone",
  "208": "BTG Pactual",
  "212": "Banco Original",
  "237": "Bradesco",
  "260": "Nubank",
  "290": "PagBank",
  "323": "Mercado Pago",
  "336": "C6 Bank",
  "341": "Itaú Unibanco",
  "380": "PicPay",
  "403": "Cora",
  "422": "Safra",
  "748": "Sicredi",
  "756": "Sicoob",
};

const CONNECTORS = new Set(["de", "do", "da", "dos", "das", "e", "em", "para"]);
const LEGAL_SUFFIX = /\s*(?:[-–]\s*)?(?:\bS\.?\s?\/?\s?A\.?|\bLTDA\.?|\bEIRELI)\s*$/i;
const IP_SUFFIX = /\s*[-–]?\s*INSTITUI[CÇ][AÃ]O DE PAGAMENTO\s*$/i;

/** "ITAÚ UNIBANCO S.A." → "Itaú Unibanco"; a name already in mixed case keeps its casing. */
function cleanName(longName: string): string {
  let name = longName.trim();
  for (let before = ""; before !== name; ) {
    before = name;
    name = name.replace(LEGAL_SUFFIX, "").replace(IP_SUFFIX, "").replace(/[\s,.–-]+$/, "").trim();
  }
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((word, at) => {
      if (at > 0 && CONNECTORS.has(word)) return word;
      if (/^s\.?\/?a\.?$/.test(word)) return "S.A.";
      // Short all-letter words in an all-caps name are acronyms (BRB, BTG, XP); so is a word with a digit (BS2, C6).
      if ((word.length <= 3 && !/[aeiouáéíóúâêôãõ]{2}/.test(word)) || /\d/.test(word)) return word.toUpperCase();
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

let names: Map<string, string> | undefined;
function bankNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  for (const bank of list as FebrabanBank[]) {
    const code = String(bank.COMPE ?? "").trim();
    if (!/^\d{3}$/.test(code) || names.has(code)) continue;
    names.set(code, KNOWN[code] ?? cleanName(bank.LongName || bank.ShortName || ""));
  }
  return names;
}

/** A code as stored: three digits ("1" and "0001" → "001"); anything else as typed. */
function bankCode(code: string): string {
  const digits = code.trim();
  if (/^\d{1,4}$/.test(digits)) return digits.padStart(3, "0").slice(-3);
  return digits;
}

/** The bank's name without its code ("Itaú Unibanco"), or null for a code not in the list. */
export function bankName(code: string): string | null {
  return bankNames().get(bankCode(code)) || null;
}

/** "Itaú Unibanco (341)"; a code not in the list: "Banco 341". */
export function bankLabel(code: string): string {
  const name = bankName(code);
  return name ? `${name} (${bankCode(code)})` : `Banco ${code}`;
}

/** The bank picker's options (code, "Itaú Unibanco (341)"): the well-known first, then by name. */
export function bankChoices(): { codigo: string; nome: string }[] {
  const all = [...bankNames()].map(([codigo, nome]) => ({ codigo, nome: `${nome} (${codigo})`, known: codigo in KNOWN }));
  all.sort((a, b) => Number(b.known) - Number(a.known) || a.nome.localeCompare(b.nome, "pt-BR"));
  return all.map(({ codigo, nome }) => ({ codigo, nome }));
}
