import { Button } from "../../src/ui/Button";
import { Icon } from "../../src/ui/Icon";

const count = new Intl.NumberFormat("pt-BR");

export interface PagerProps {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  onPageChange(page: number): void;
}

/** "1–50 de 2.000" with Anterior/Próxima; the range is announced when it changes. */
export function Pager({ page, pageCount, from, to, total, onPageChange }: PagerProps) {
  return (
    <nav className="clients-pager" aria-label="Paginação da lista de clientes">
      <p className="clients-pager__range" aria-live="polite">
        {`${count.format(from)}–${count.format(to)} de ${count.format(total)}`}
      </p>
      {pageCount > 1 && (
        <div className="clients-pager__buttons">
          <span className="clients-pager__page">
            {`Página ${count.format(page)} de ${count.format(pageCount)}`}
          </span>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <Icon name="chevron-down" size={16} className="clients-pager__prev" />
            Anterior
          </Button>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            Próxima
            <Icon name="chevron-down" size={16} className="clients-pager__next" />
          </Button>
        </div>
      )}
    </nav>
  );
}
