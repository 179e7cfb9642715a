import { Island } from "../ssr/Island";
import type { PartnerJson } from "../api/partners/model";

export function PartnersPage({ partners }: { partners: PartnerJson[] }) {
  return <Island name="PartnersScreen" props={{ initialPartners: partners }} />;
}
