// Placeholder replaced by the Suppliers screen's author.
export interface SuppliersScreenProps { initialSuppliers: unknown[] }
export default function SuppliersScreen(_props: SuppliersScreenProps) { return null; }
