import type { Db } from "../../db/client";
import { printCompany } from "../api/settings/service";
import { printedAtNow, type PrintStamp } from "../ui/PrintHeader";

/** A printed page's header facts, read when the page is served: the company and the moment. */
export function printStamp(db: Db): PrintStamp {
  return { at: printedAtNow(), ...printCompany(db) };
}
