import { useCallback, useState } from "react";
import { api } from "./api";

/**
 * A list the server rendered first and the island keeps fresh: after a change it refetches
 * (SPEC §7); a failed refetch keeps the rows it had.
 */
export function useServerList<T>(url: string, initial: T[]) {
  const [rows, setRows] = useState<T[]>(initial);
  const [refreshing, setRefreshing] = useState(false);
  const refetch = useCallback(async () => {
    setRefreshing(true);
    try {
      setRows(await api<T[]>(url));
    } finally {
      setRefreshing(false);
    }
  }, [url]);
  return { rows, refetch, refreshing };
}
