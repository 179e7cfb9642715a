import type { Db } from "../../db/client";
import { payables, receivables } from "../../db/schema";
import { clientSchema } from "../api/clients/model";
import { createClient } from "../api/clients/service";
import { partnerSchema } from "../api/partners/model";
import { createPartner } from "../api/partners/service";
import { supplierSchema } from "../api/suppliers/model";
import { createSupplier } from "../api/suppliers/service";
import { cnpjCheckDigits } from "../lib/brazil";
import { today } from "../lib/clock";
import { addMonthsClamped } from "../lib/dates";
import { cents } from "../lib/money";
import { splitInstallments } from "../lib/installments";

const CLIENTS = [
  ["Padaria Pão Quente", "Joana Ribeiro", "11987654321", "350.00", false],
  ["Oficina Mecânica Dois Irmãos", "Carlos Souza", "1133224455", "480.00", false],
  ["Clínica Sorriso Feliz", "Dra. Marina Alves", "21998761234", "890.00", false],
  ["Ótica Visão Clara", "Paulo Mendes", "31987650011", "275.50", false],
  ["Mercadinho Bom Preço", "Ana Lúcia", "41991112233", "199.90", false],
  ["Academia Corpo em Movimento", "Rafael Lima", "51984443322", "620.00", false],
  ["Estúdio Fotográfico Luz", "Beatriz Costa", "61993334455", "0", true],
  ["Pet Shop Amigo Fiel", "Fernanda Rocha", "71988887777", "310.00", false],
] as const;

const SUPPLIERS = [
  ["Papelaria Central", "São Paulo", "SP", "1132221100"],
  ["TechNet Provedor de Internet", "Campinas", "SP", "1932105500"],
  ["Contabilidade Exata", "Belo Horizonte", "MG", "3135559000"],
  ["Limpeza Brilho Total", "Curitiba", "PR", "4130304040"],
] as const;

const PARTNERS = [
  ["Luciana Prado", "Prado Consultoria", "luciana@pradoconsultoria.com.br", "11976543210"],
  ["Marcos Teixeira", "Teixeira Marketing Digital", "marcos@teixeiramkt.com.br", "21987001122"],
  ["Sérgio Nunes", "Nunes & Filhos Advocacia", "sergio@nunesadv.com.br", "3133445566"],
] as const;

const cnpjFor = (n: number) => {
  const base = `${String(11_222_333 + n * 7919).padStart(8, "0")}0001`;
  return base + cnpjCheckDigits(base);
};

/** Demo data for a first look: only into an empty database, through the same schemas and services as the API. */
export function seedDemo(db: Db): string {
  const existing = db.$client.query("select (select count(*) from clients) + (select count(*) from suppliers) + (select count(*) from partners) as n").get() as { n: number };
  if (existing.n > 0) return "O banco já tem cadastros: seed-demo só preenche um banco vazio.";
  const start = addMonthsClamped(today(), -3).slice(0, 8) + "10";

  db.transaction(() => {
    CLIENTS.forEach(([nome, contato, telefone, valor, isTrial], i) => {
      const slug = nome.toLowerCase().normalize("NFD").replace(/[^a-z]+/g, "").slice(0, 14);
      const input = clientSchema.parse({
        nome, contato, telefone, isTrial,
        cnpj: cnpjFor(i),
        email: `contato@${slug}.com.br`,
        url: `https://www.${slug}.com.br`,
        valorMensalidade: valor,
        codigoCliente: `CLI-${String(i + 1).padStart(3, "0")}`,
      });
      const client = createClient(db, input);
      if (isTrial) return;
      const plan = splitInstallments(cents(input.valorMensalidade * 12), 12, start);
      plan.forEach((p, k) => {
        const paid = k < 3 && i % 3 !== 0; // some clients are behind on payments
        db.insert(receivables).values({
          clientId: client.id, descricao: "Mensalidade 12 meses", ...p,
          status: paid ? "pago" : "em_aberto",
          dataPagamento: paid ? p.dataVencimento : null,
          valorPago: paid ? p.valor : null, multa: paid ? 0 : null, juros: paid ? 0 : null,
        }).run();
      });
    });
    SUPPLIERS.forEach(([nome, cidade, estado, telefone], i) => {
      const supplier = createSupplier(db, supplierSchema.parse({
        nome, cidade, estado, telefone, cnpj: cnpjFor(100 + i), email: `financeiro@fornecedor${i + 1}.com.br`,
      }));
      splitInstallments(cents(120_000 + i * 45_050), 6, start).forEach((p, k) => {
        const paid = k < 2;
        db.insert(payables).values({
          supplierId: supplier.id, descricao: "Contrato de serviços", ...p,
          status: paid ? "pago" : "em_aberto", dataPagamento: paid ? p.dataVencimento : null, valorPago: paid ? p.valor : null,
        }).run();
      });
    });
    for (const [nome, empresa, email, telefone] of PARTNERS) createPartner(db, partnerSchema.parse({ nome, empresa, email, telefone }));
  });
  return `Dados de demonstração criados: ${CLIENTS.length} clientes, ${SUPPLIERS.length} fornecedores, ${PARTNERS.length} parceiros, com parcelas a receber e a pagar.`;
}
