import { useCallback, useState } from "react";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./api";

/**
 * A list the server rendered first and the island keeps fresh. After a change, `reload()`
 * refetches it (SPEC §7); a failed reload keeps the rows on screen and says so, since the
 * change itself already succeeded. `listName` completes "…recarregar a lista de {listName}."
 */
export function useServerList<T>(url: string, initial: T[], listName: string) {
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
  const reload = useCallback(async () => {
    try {
      await refetch();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // api() is sending the user to /login
      toast({
        title: "Erro",
        description: `A alteração foi salva, mas não foi possível recarregar a lista de ${listName}.`,
        variant: "destructive",
      });
    }
  }, [refetch, listName]);
  return { rows, refetch, reload, refreshing };
}
