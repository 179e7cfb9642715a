import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../src/ui/toast";
import { apiPage, ApiError } from "./api";

/** A list view as it lives in the URL: parameter name → value ("" means absent). */
export type ListParams = Record<string, string>;

/** "?q=padaria&pagina=2": only the parameters that differ from the defaults. */
export function searchOf(params: ListParams, defaults: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== "" && value !== defaults[key]) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

export interface UrlListOptions<Row> {
  /** The list API, e.g. "/api/clients"; it answers one page with X-Total-Count. */
  endpoint: string;
  /** The page the server rendered and the view it rendered. */
  initial: { rows: Row[]; total: number };
  params: ListParams;
  /** Values that are left out of the URL (the default sort, page 1). */
  defaults: ListParams;
  /** Completes "…recarregar a lista de {listName}." */
  listName: string;
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
export function useUrlList<Row>({ endpoint, initial, params: initialParams, defaults, listName }: UrlListOptions<Row>) {
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
        const query = searchOf({ ...defaults, ...view, porPagina: view.porPagina || defaults.porPagina || "50" });
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

  return { params, rows: data.rows, total: data.total, loading, update, reload };
}
