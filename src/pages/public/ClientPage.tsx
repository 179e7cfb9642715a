// The client's own page (DECISIONS §12): server-rendered HTML with no island and no React in the
// browser, its own small stylesheet, 375 px first. Each PIX code is selectable text (a readonly
// textarea), so copying works without JavaScript; islands/lib/copy.ts adds a "Copiar" button.
import type { ClientPageData, OpenInstallment } from "../../api/client-page/service";
import { formatCnpj } from "../../lib/brazil";
import { formatDateBR } from "../../lib/dates";
import { formatBRL } from "../../lib/money";
import { formatMonthBR } from "../../lib/months";

function CompanyHeader({ company }: { company: ClientPageData["company"] }) {
  return (
    <header className="pp-company">
      <p className="pp-company-name">{company.empresa || "Cofre"}</p>
      {company.cnpj && <p>{`CNPJ ${formatCnpj(company.cnpj)}`}</p>}
      {company.endereco && <p>{company.endereco}</p>}
    </header>
  );
}

const parcelaText = (numerosParcela: string, competencia: string | null) =>
  `Parcela ${numerosParcela}${competencia ? ` · competência ${formatMonthBR(competencia)}` : ""}`;

function Installment({ item, token, empresa }: { item: OpenInstallment; token: string; empresa: string }) {
  const titleId = `parcela-${item.id}`;
  const codeId = `pix-${item.id}`;
  return (
    <li className="pp-card">
      <h3 id={titleId}>{item.descricao}</h3>
      <p className="pp-muted">{parcelaText(item.numerosParcela, item.competencia)}</p>
      <dl className="pp-facts">
        <div>
          <dt>Vencimento</dt>
          <dd>{formatDateBR(item.dataVencimento)}</dd>
        </div>
        {item.diasAtraso > 0 && (
          <div className="pp-late">
            <dt>Atraso</dt>
            <dd>{`${item.diasAtraso} ${item.diasAtraso === 1 ? "dia" : "dias"}`}</dd>
          </div>
        )}
        {(item.diasAtraso > 0 || item.saldo < item.valor) && (
          <div>
            <dt>Valor original</dt>
            <dd>{formatBRL(item.valor)}</dd>
          </div>
        )}
        {item.saldo < item.valor && (
          <div>
            <dt>Saldo em aberto</dt>
            <dd>{formatBRL(item.saldo)}</dd>
          </div>
        )}
        {item.diasAtraso > 0 && (
          <>
            <div>
              <dt>Multa</dt>
              <dd>{formatBRL(item.multa)}</dd>
            </div>
            <div>
              <dt>Juros</dt>
              <dd>{formatBRL(item.juros)}</dd>
            </div>
          </>
        )}
        <div className="pp-total">
          <dt>Valor hoje</dt>
          <dd>{formatBRL(item.total)}</dd>
        </div>
      </dl>
      {item.payload ? (
        <div className="pp-pix">
          <img className="pp-qr" src={`/c/${token}/pix/${item.id}`} width="220" height="220" alt={`QR Code PIX de ${formatBRL(item.total)}, ${parcelaText(item.numerosParcela, null).toLowerCase()}`} />
          <div className="pp-code" data-copy="">
            <label htmlFor={codeId}>PIX copia e cola</label>
            <textarea id={codeId} readOnly rows={5} value={item.payload} />
          </div>
        </div>
      ) : (
        <p className="pp-note">PIX indisponível para esta parcela: fale com {empresa || "a empresa"} para pagar.</p>
      )}
    </li>
  );
}

export function ClientPage({ data, token }: { data: ClientPageData; token: string }) {
  const { company, cliente, abertas, pagamentos } = data;
  return (
    <main className="pp-page">
      <CompanyHeader company={company} />
      <h1>{cliente.nome}</h1>
      <p className="pp-muted">{`CNPJ ${formatCnpj(cliente.cnpj)}`}</p>

      <section aria-labelledby="abertas">
        <h2 id="abertas">Parcelas em aberto</h2>
        {abertas.length === 0 ? (
          <p className="pp-note">Nenhuma parcela em aberto. Obrigado!</p>
        ) : (
          <ul className="pp-list">
            {abertas.map((item) => (
              <Installment key={item.id} item={item} token={token} empresa={company.empresa} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="pagamentos">
        <h2 id="pagamentos">Pagamentos dos últimos 12 meses</h2>
        {pagamentos.length === 0 ? (
          <p className="pp-note">Nenhum pagamento nos últimos 12 meses.</p>
        ) : (
          <ul className="pp-payments">
            {pagamentos.map((p) => (
              <li key={p.numero}>
                <span>
                  <strong>{formatBRL(p.valorPago)}</strong> em {formatDateBR(p.dataPagamento)}
                  <br />
                  <span className="pp-muted">
                    {p.descricao} · {parcelaText(p.numerosParcela, p.competencia).toLowerCase()}
                    {p.saldo > 0 && ` · pagamento parcial, ficou saldo de ${formatBRL(p.saldo)}`}
                  </span>
                </span>
                <a href={`/c/${token}/recibo/${p.numero}`}>{`Recibo nº ${p.numero}`}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <footer className="pp-footer">
        <p>Esta página é pessoal: quem tiver o link vê estas informações. Não o compartilhe.</p>
      </footer>
    </main>
  );
}
