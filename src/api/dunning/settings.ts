// The régua's one settings row (DECISIONS §11): none until an administrator saves it, and then
// the defaults stand in (off). Turning it on needs SMTP for e-mail steps and the company's name,
// CNPJ and address (CDC art. 42-A), refused with a 409 naming what is missing.
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { dunningSettings } from "../../../db/schema";
import { conflict } from "../../http/errors";
import { isBusinessDay } from "../../lib/business-days";
import { clock, dayStartISO, nowISO, today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { getEmailSettings } from "../email/service";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { getSettings } from "../settings/service";
import { DEFAULT_DUNNING, type BlockWarning, type DunningInput, type DunningJson, type DunningSettings, type DunningStep } from "./model";

const ROW_ID = 1;
/** History: the régua's settings are "settings" events, told apart by this id (1 cobrança, 2 e-mail). */
const DUNNING_ENTITY_ID = 3;

export function readDunning(db: Db | Tx): DunningSettings & { updatedAt: string | null } {
  const row = db.select().from(dunningSettings).where(eq(dunningSettings.id, ROW_ID)).get();
  if (!row) return { ...DEFAULT_DUNNING, updatedAt: null };
  return {
    ativa: row.ativa,
    etapas: JSON.parse(row.etapas) as DunningStep[],
    repetirCadaDias: row.repetirCadaDias,
    maxAposVencimento: row.maxAposVencimento,
    avisoBloqueio: JSON.parse(row.avisoBloqueio) as BlockWarning,
    janelaInicio: row.janelaInicio,
    janelaFim: row.janelaFim,
    apenasDiasUteis: row.apenasDiasUteis,
    updatedAt: row.updatedAt,
  };
}

/** What turning the régua on with these steps still needs, in pt-BR (empty: nothing). */
function missingForDunning(db: Db | Tx, settings: Pick<DunningSettings, "etapas" | "avisoBloqueio">): string[] {
  const usesEmail = settings.etapas.some((s) => s.canal === "email") || (settings.avisoBloqueio.ativo && settings.avisoBloqueio.canal === "email");
  return missingToCharge(db, usesEmail);
}

/**
 * What charging by message needs (the régua, the bulk Cobrar): SMTP when it goes by e-mail, and
 * the company's name, CNPJ and address for the footer every message ends with (CDC art. 42-A).
 */
export function missingToCharge(db: Db | Tx, usesEmail: boolean): string[] {
  const company = getSettings(db);
  const missing: string[] = [];
  if (usesEmail && !getEmailSettings(db).configurado) missing.push("o servidor de e-mail (SMTP)");
  if (!company.empresa) missing.push("o nome da empresa");
  if (!company.cnpjEmpresa) missing.push("o CNPJ da empresa");
  if (!company.enderecoEmpresa) missing.push("o endereço da empresa");
  return missing;
}

export const list = (items: string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`);

export function getDunning(db: Db | Tx, graceDays: number): DunningJson {
  const settings = readDunning(db);
  return { ...settings, falta: missingForDunning(db, settings), graceDays };
}

export function saveDunning(db: Db, actor: Actor, input: DunningInput, graceDays: number): DunningJson {
  return db.transaction(
    () => {
      if (input.ativa) {
        const missing = missingForDunning(db, input);
        if (missing.length) throw conflict(`Para ligar a régua de cobrança, configure antes ${list(missing)} em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).`);
      }
      const before = readDunning(db);
      const values = {
        ativa: input.ativa,
        etapas: JSON.stringify([...input.etapas].sort((a, b) => a.dias - b.dias)),
        repetirCadaDias: input.repetirCadaDias,
        maxAposVencimento: input.maxAposVencimento,
        avisoBloqueio: JSON.stringify(input.avisoBloqueio),
        janelaInicio: input.janelaInicio,
        janelaFim: input.janelaFim,
        apenasDiasUteis: input.apenasDiasUteis,
        updatedAt: nowISO(),
      };
      db.insert(dunningSettings)
        .values({ id: ROW_ID, ...values })
        .onConflictDoUpdate({ target: dunningSettings.id, set: values })
        .run();
      const after = readDunning(db);
      const flat = (s: DunningSettings) => ({ ...s, etapas: JSON.stringify(s.etapas), avisoBloqueio: JSON.stringify(s.avisoBloqueio) });
      const alteracoes = changedFields(flat(before), flat(after), ["ativa", "etapas", "repetirCadaDias", "maxAposVencimento", "avisoBloqueio", "janelaInicio", "janelaFim", "apenasDiasUteis"]);
      if (Object.keys(alteracoes).length > 0) {
        recordEvent(db, actor, { action: "update", entity: "settings", entityId: DUNNING_ENTITY_ID, label: "Régua de cobrança", details: { secao: "regua", alteracoes } });
      }
      return getDunning(db, graceDays);
    },
    { behavior: "immediate" },
  );
}

// ---- The sending window (business days 08:00–20:00 APP_TZ by default) ----

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
/** "HH:MM" of now in APP_TZ. */
function wallTime(): string {
  let f = hourFormatters.get(clock.timeZone);
  if (!f) hourFormatters.set(clock.timeZone, (f = new Intl.DateTimeFormat("en-GB", { timeZone: clock.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  return f.format(clock.now());
}

type Window = Pick<DunningSettings, "janelaInicio" | "janelaFim" | "apenasDiasUteis">;
const sendingDay = (w: Window, day: string) => !w.apenasDiasUteis || isBusinessDay(day);

/** Whether now is inside the window. */
export function inWindow(w: Window): boolean {
  const time = wallTime();
  return sendingDay(w, today()) && time >= w.janelaInicio && time < w.janelaFim;
}

/** When a message decided now may go: now inside the window, else the window's next opening (ISO). */
export function windowOpening(w: Window): string {
  if (inWindow(w)) return nowISO();
  let day = today();
  if (!(sendingDay(w, day) && wallTime() < w.janelaInicio)) {
    day = addDays(day, 1);
    while (!sendingDay(w, day)) day = addDays(day, 1);
  }
  const [h, m] = w.janelaInicio.split(":").map(Number) as [number, number];
  return new Date(Date.parse(dayStartISO(day)) + (h * 60 + m) * 60_000).toISOString();
}
