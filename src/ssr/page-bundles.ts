import type { IslandName } from "../../islands/registry";

/**
 * The islands that share a page, bundled together (issue 38 §7): a page with islands loads two
 * files, React DOM's (with the few modules that must be one instance) and its bundle, which holds
 * its islands, all they import at start and the shell's script. A page's islands must be in one
 * bundle, or the page loads the bundles of each (correct, with their common code twice).
 * An island in none of them has a bundle of its own; one in a set that is also alone on some page
 * (MrrChart on the subscriptions report) needs its own set here too. A subset of a set (a
 * consulta's list without "Novo …") loads the set's bundle.
 */
export const PAGE_BUNDLES: Record<string, readonly IslandName[]> = {
  ledger: ["LedgerList", "LedgerCards"],
  clients: ["ClientsList", "NewRecordButton"],
  suppliers: ["SuppliersList", "NewRecordButton"],
  partners: ["PartnersList", "NewRecordButton"],
  users: ["UsersList", "NewRecordButton"],
  dashboard: ["DashboardStats", "RevenueChart", "MrrChart"],
  settings: ["SettingsForm", "EmailSettings"],
  mrr: ["MrrChart"],
};

/** Every bundle by name (a page's, or an island's alone: its name): its islands. */
export function pageBundles(islands: readonly IslandName[]): Record<string, readonly IslandName[]> {
  const grouped = new Set(Object.values(PAGE_BUNDLES).flat());
  return { ...Object.fromEntries(islands.filter((name) => !grouped.has(name)).map((name) => [name, [name]])), ...PAGE_BUNDLES };
}

/**
 * The bundles a page with these islands loads: the smallest one holding them all, else, for each
 * island, the smallest holding it.
 */
export function bundlesFor(used: ReadonlySet<IslandName>, bundles: Record<string, readonly IslandName[]>): string[] {
  const bySize = Object.entries(bundles).sort((a, b) => a[1].length - b[1].length);
  const whole = bySize.find(([, islands]) => [...used].every((name) => islands.includes(name)));
  if (whole) return [whole[0]];
  return [...new Set([...used].map((name) => bySize.find(([, islands]) => islands.includes(name))![0]))];
}
