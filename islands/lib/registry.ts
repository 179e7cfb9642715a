import type { ComponentProps, ComponentType } from "react";

/**
 * Every island, by name. The server renders them inside <Island>; the browser hydrates the
 * ones a page contains, loading each island's code only on pages that use it.
 * To add an island: create islands/Name.tsx (default export) and add one line here.
 */
export const islands = {
  Toaster: () => import("../Toaster"),
  ClientsList: () => import("../ClientsList"),
  NewRecordButton: () => import("../NewRecordButton"),
  LedgerList: () => import("../LedgerList"),
  LedgerCards: () => import("../LedgerCards"),
  GenerateInstallments: () => import("../GenerateInstallments"),
  SuppliersList: () => import("../SuppliersList"),
  PartnersList: () => import("../PartnersList"),
  DashboardStats: () => import("../DashboardStats"),
  RevenueChart: () => import("../RevenueChart"),
  CashFlowChart: () => import("../CashFlowChart"),
  MrrChart: () => import("../MrrChart"),
  ReportPartyPick: () => import("../ReportPartyPick"),
  PrintButton: () => import("../PrintButton"),
  SettingsForm: () => import("../SettingsForm"),
  HistoryList: () => import("../HistoryList"),
  SubscriptionsList: () => import("../SubscriptionsList"),
  ReconciliationScreen: () => import("../ReconciliationScreen"),
  UsersList: () => import("../UsersList"),
  AccountScreen: () => import("../AccountScreen"),
} satisfies Record<string, () => Promise<{ default: ComponentType<any> }>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<Awaited<ReturnType<(typeof islands)[N]>>["default"]>;
