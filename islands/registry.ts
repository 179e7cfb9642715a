import type { ComponentProps, ComponentType } from "react";

/**
 * Every island, by name. The server renders them inside <Island>; each is an entry of the client
 * build, and a page names the files of the islands it contains for the browser to hydrate them
 * (src/ssr/render.tsx, islands/lib/client.ts), so each island's code loads only where it is used.
 * To add an island: create islands/Name.tsx (default export) and add one line here.
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
