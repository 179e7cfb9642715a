import type { ComponentProps, ComponentType } from "react";

/**
 * Every island, by name. The server renders them inside <Island>; the client build bundles each
 * alone and with the islands it shares a page with (src/ssr/page-bundles.ts), and a page names the
 * bundle of the islands it contains, which hydrates them (src/ssr/render.tsx, islands/lib/hydrate.ts),
 * so each island's code loads only where it is used. To add an island: create islands/Name.tsx
 * (default export), add one line here, and add it to PAGE_BUNDLES if it shares a page.
 */
export const islands = {
  ClientsList: () => import("./ClientsList"),
  ClientImport: () => import("./ClientImport"),
  NewRecordButton: () => import("./NewRecordButton"),
  LedgerList: () => import("./LedgerList"),
  LedgerCards: () => import("./LedgerCards"),
  GenerateInstallments: () => import("./GenerateInstallments"),
  SuppliersList: () => import("./SuppliersList"),
  PartnersList: () => import("./PartnersList"),
  DashboardStats: () => import("./DashboardStats"),
  RevenueChart: () => import("./RevenueChart"),
  CashFlowChart: () => import("./CashFlowChart"),
  MrrChart: () => import("./MrrChart"),
  ReportPartyPick: () => import("./ReportPartyPick"),
  SettingsForm: () => import("./SettingsForm"),
  EmailSettings: () => import("./EmailSettings"),
  HistoryList: () => import("./HistoryList"),
  SubscriptionsList: () => import("./SubscriptionsList"),
  ReconciliationScreen: () => import("./ReconciliationScreen"),
  AccountsScreen: () => import("./AccountsScreen"),
  UsersList: () => import("./UsersList"),
  AccountScreen: () => import("./AccountScreen"),
  DunningSettings: () => import("./DunningSettings"),
  MessagesList: () => import("./MessagesList"),
  WhatsappWorklist: () => import("./WhatsappWorklist"),
  CategoriesScreen: () => import("./CategoriesScreen"),
} satisfies Record<string, () => Promise<{ default: ComponentType<any> }>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<Awaited<ReturnType<(typeof islands)[N]>>["default"]>;
