// Placeholder replaced by the Partners screen's author.
export interface PartnersScreenProps { initialPartners: unknown[] }
export default function PartnersScreen(_props: PartnersScreenProps) { return null; }
