import { useEffect, useState, type MouseEvent } from "react";
import { Icon } from "./Icon.tsx";
import { formatCount } from "../lib/numbers";


interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  /** The link to a page (?pagina=N with the other parameters): works before hydration too. */
  hrefFor: (page: number) => string;
  /** Called instead of following the link once the island is live. */
  onPageChange?: (page: number) => void;
  /** "clientes": names the navigation for screen readers. */
  listName: string;
}

const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** "1–50 de 2.000" for the top of a list. */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return "0 resultados";
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return `${formatCount(from)}–${formatCount(to)} de ${formatCount(total)}`;
}

/** Anterior / Próxima links and a page jump field; one line on a phone. */
export function Pager({ page, perPage, total, hrefFor, onPageChange, listName }: PagerProps) {
  const pages = pageCount(total, perPage);
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  if (pages <= 1) return null;

  const go = (target: number) => (event: MouseEvent) => {
    if (!onPageChange) return;
    event.preventDefault();
    onPageChange(target);
  };
  // Before hydration the jump field is a plain GET form: it carries the view's other parameters.
  const target = new URL(hrefFor(1), "http://pager.invalid");
  const kept = [...target.searchParams].filter(([key]) => key !== "pagina");
  const jump = () => {
    const target = Number(typed);
    if (Number.isInteger(target) && target >= 1 && target <= pages && target !== page) onPageChange?.(target);
    else setTyped(String(page));
  };

  return (
    <nav className="ui-pager" aria-label={`Paginação de ${listName}`}>
      <a
        className="ui-button ui-button--secondary ui-pager__link"
        href={page > 1 ? hrefFor(page - 1) : undefined}
        aria-disabled={page <= 1 || undefined}
        onClick={page > 1 ? go(page - 1) : undefined}
        rel="prev"
      >
        <Icon name="chevron-down" size={16} className="ui-pager__prev" />
        Anterior
      </a>
      <form
        className="ui-pager__jump"
        method="get"
        action={target.pathname}
        onSubmit={(event) => {
          event.preventDefault();
          jump();
        }}
      >
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <label>
          <span>Página</span>
          <input
            className="ui-input ui-pager__input"
            name="pagina"
            inputMode="numeric"
            aria-label={`Página (de ${formatCount(pages)})`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value.replace(/\D/g, ""))}
            onBlur={jump}
          />
        </label>
        <span>de {formatCount(pages)}</span>
      </form>
      <a
        className="ui-button ui-button--secondary ui-pager__link"
        href={page < pages ? hrefFor(page + 1) : undefined}
        aria-disabled={page >= pages || undefined}
        onClick={page < pages ? go(page + 1) : undefined}
        rel="next"
      >
        Próxima
        <Icon name="chevron-down" size={16} className="ui-pager__next" />
      </a>
    </nav>
  );
}
