import type { Db } from "../../db/client";

/** Filled with the registers' issue: demo clients, suppliers, partners and installments. */
export function seedDemo(_db: Db): string {
  return "Nada a semear ainda.";
}
