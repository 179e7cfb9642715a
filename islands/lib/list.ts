import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { listDefaults, searchOf, type ListParams, type ListSpec } from "../../src/lib/list-spec";
import { toast } from "../../src/ui/toast";
import { apiPage, ApiError } from "./api";

export { searchOf, type ListParams };

/** What a list island gets from its page: the first page exactly as the list API answers the same URL, and that view. */
export interface ListIslandProps<Row> {
  initial: { rows: Row[]; total: number };
  /** The view the server rendered (its spec read from the URL). */
  params: ListParams;
}

interface UrlListOptions<Row> extends ListIslandProps<Row> {
  /** The list's contract with its URL (its feature's model.ts): endpoint, filters, sorts, page size. */
  spec: ListSpec;
}

const TYPING_DEBOUNCE_MS = 250;

/** The view in the address bar: the defaults for what it leaves out. */
function viewFromLocation(defaults: ListParams, keys: string[]): ListParams {
  const search = new URLSearchParams(location.search);
  return Object.fromEntries(keys.map((key) => [key, search.get(key) ?? defaults[key] ?? ""]));
}

/**
 * The list screens' one state machine (STYLE "Screens"): the view is the URL's query; changing a
 * filter, the sort or the page writes the URL and fetches that page from the list API,
 * cancelling the request it supersedes. Old rows stay (dimmed) until the new ones come. A
 * committed change (a filter chosen, a sort, a page) is a new history entry, so Back and Forward
 * step through the views; typing in a search box replaces the entry it started.
 */
export function useUrlList<Row>({ spec, initial, params: initialParams }: UrlListOptions<Row>) {
  const { endpoint, listName, path } = spec;
  const defaults = useMemo(() => listDefaults(spec), [spec]);
  const [params, setParams] = useState<ListParams>(initialParams);
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(params);
  latest.current = params;

  const fetchPage = useCallback(
    async (view: ListParams, { quiet = false } = {}) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      try {
        // porPagina is always sent, so even a view with no filter gets a page, never the whole list.
        const query = searchOf({ ...defaults, ...view, porPagina: view.porPagina || defaults.porPagina! });
        const page = await apiPage<Row>(`${endpoint}${query}`, controller.signal);
        if (controller.signal.aborted) return;
        setData(page);
      } catch (error) {
        if (controller.signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
        if (error instanceof ApiError && error.status === 401) return; // apiPage is sending the user to /login
        toast({
          title: "Erro",
          description: quiet
            ? `A alteração foi salva, mas não foi possível recarregar a lista de ${listName}.`
            : ((error instanceof ApiError && error.serverMessage) || `Não foi possível carregar a lista de ${listName}.`),
          variant: "destructive",
        });
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
        }
      }
    },
    [endpoint, defaults, listName],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Back and Forward: the entry's URL is the view to show.
  useEffect(() => {
    const keys = [...new Set([...Object.keys(defaults), ...Object.keys(initialParams)])];
    const onPop = () => {
      const view = viewFromLocation(defaults, keys);
      typingEntry.current = false;
      clearTimeout(timer.current);
      latest.current = view;
      setParams(view);
      void fetchPage(view);
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [defaults, fetchPage, initialParams]);

  // While typing, the keystrokes after the first one replace the entry the first one pushed.
  const typingEntry = useRef(false);

  /** Changes part of the view; `typing` waits for a pause in the keystrokes before fetching. */
  const update = useCallback(
    (changes: ListParams, { typing = false } = {}) => {
      const next = { ...latest.current, ...changes };
      // Any change but the page itself starts again from page 1.
      if (!("pagina" in changes)) next.pagina = "";
      latest.current = next;
      setParams(next);
      const url = `${location.pathname}${searchOf(next, defaults)}`;
      if (`${location.pathname}${location.search}` !== url) {
        if (typing && typingEntry.current) history.replaceState(history.state, "", url);
        else history.pushState(null, "", url);
      }
      typingEntry.current = typing;
      clearTimeout(timer.current);
      if (typing) timer.current = setTimeout(() => void fetchPage(next), TYPING_DEBOUNCE_MS);
      else void fetchPage(next);
    },
    [defaults, fetchPage],
  );

  /** After a change elsewhere (SPEC §7): the same view, fetched again. */
  const reload = useCallback(() => fetchPage(latest.current, { quiet: true }), [fetchPage]);

  const page = Number(params.pagina || 1);
  const perPage = Number(params.porPagina || defaults.porPagina);
  /** The address of this view with other parameters (a page, the CSV export), left out where they are the defaults. */
  const hrefWith = (path: string, changes: ListParams) => `${path}${searchOf({ ...params, ...changes }, defaults)}`;
  return { spec, params, defaults, rows: data.rows, total: data.total, loading, page, perPage, path, listName, update, reload, hrefWith };
}
