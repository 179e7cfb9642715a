// The demo company's people and businesses: realistic pt-BR names, valid CNPJs and phones, built
// deterministically from a unit number and an index so `seed-demo --scale N` is reproducible.
import { cnpjCheckDigits } from "../lib/brazil";
import { fold } from "../lib/text";

export const CLIENTS_PER_UNIT = 40;
export const SUPPLIERS_PER_UNIT = 10;
export const PARTNERS_PER_UNIT = 3;

// The first demo company's own names, as the single-company demo always had them.
const CLASSIC_CLIENTS = [
  "Padaria Pão Quente",
  "Oficina Mecânica Dois Irmãos",
  "Clínica Sorriso Feliz",
  "Ótica Visão Clara",
  "Mercadinho Bom Preço",
  "Academia Corpo em Movimento",
  "Estúdio Fotográfico Luz",
  "Pet Shop Amigo Fiel",
];
const CLASSIC_SUPPLIERS = ["Papelaria Central", "TechNet Provedor de Internet", "Contabilidade Exata", "Limpeza Brilho Total"];

const BUSINESSES = [
  "Padaria", "Oficina Mecânica", "Clínica Odontológica", "Ótica", "Mercadinho", "Academia", "Estúdio de Pilates",
  "Pet Shop", "Farmácia", "Livraria", "Floricultura", "Papelaria", "Restaurante", "Lanchonete", "Salão de Beleza",
  "Barbearia", "Escola de Idiomas", "Auto Peças", "Lavanderia", "Marcenaria", "Sorveteria", "Pizzaria", "Hortifrúti",
  "Boutique", "Imobiliária", "Escritório Contábil", "Vidraçaria", "Serralheria", "Confeitaria", "Açougue",
  "Materiais de Construção", "Clínica Veterinária", "Autoescola", "Gráfica", "Borracharia", "Churrascaria", "Cafeteria",
  "Calçados", "Laboratório", "Papelaria e Presentes",
];
const SUPPLIER_KINDS = [
  "Distribuidora de Alimentos", "Atacadista", "Provedor de Internet", "Contabilidade", "Limpeza e Conservação",
  "Transportadora", "Gráfica", "Assistência Técnica", "Energia Solar", "Seguros", "Consultoria em TI",
  "Manutenção Predial", "Embalagens", "Uniformes", "Software de Gestão",
];
const NAMES = [
  "São Jorge", "Bom Jesus", "Santa Luzia", "Primavera", "Estrela do Sul", "Boa Vista", "do Vale", "Central", "Nova Era",
  "Aurora", "Sol Nascente", "Ipê Amarelo", "Jardim América", "Horizonte", "Progresso", "Paraíso", "Bela Vista", "Real",
  "das Gerais", "Paulista", "dos Pampas", "Nordeste", "Pão de Açúcar", "Itapuã", "Copacabana", "Tropical", "Esperança",
  "Vitória", "União", "Dois Irmãos", "Três Corações", "Dona Benta", "Seu Joaquim", "da Praça", "da Esquina",
  "Capim Dourado", "Araucária", "Jabuticaba", "Girassol", "Beira-Mar",
];
const FIRST = [
  "Ana", "Maria", "João", "José", "Carlos", "Paulo", "Fernanda", "Juliana", "Rafael", "Lucas", "Mariana", "Beatriz",
  "Pedro", "Gabriel", "Camila", "Larissa", "Rodrigo", "Marcelo", "Patrícia", "Aline", "Thiago", "Bruno", "Letícia",
  "Renata", "Felipe", "Vanessa", "Eduardo", "Cláudia", "Ricardo", "Sônia",
];
const LAST = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa",
  "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias",
  "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
];
const CITIES: [string, string, string][] = [
  ["São Paulo", "SP", "11"], ["Campinas", "SP", "19"], ["Rio de Janeiro", "RJ", "21"], ["Belo Horizonte", "MG", "31"],
  ["Curitiba", "PR", "41"], ["Porto Alegre", "RS", "51"], ["Salvador", "BA", "71"], ["Recife", "PE", "81"],
  ["Fortaleza", "CE", "85"], ["Goiânia", "GO", "62"], ["Florianópolis", "SC", "48"], ["Vitória", "ES", "27"],
  ["Belém", "PA", "91"], ["Brasília", "DF", "61"],
];
/** Monthly fees in cents: what a small business pays for the service. */
const FEES = ["99.90", "149.90", "199.90", "275.50", "310.00", "350.00", "480.00", "620.00", "890.00", "1250.00"];

/** A small deterministic generator (mulberry32): the same scale gives the same data. */
export function randomFor(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof randomFor>;

/** A valid CNPJ (SPEC §5 check digits) numbered `n`: head office "0001". */
export function cnpjNumber(n: number): string {
  const base = `${String(11_000_000 + n).padStart(8, "0")}0001`;
  return base + cnpjCheckDigits(base);
}

const slug = (text: string) => fold(text).replace(/[^a-z0-9]+/g, "").slice(0, 20);
const person = (r: Random) => `${r.pick(FIRST)} ${r.pick(LAST)}`;
const mobile = (r: Random, ddd: string) => `${ddd}9${r.int(8000_0000, 9999_9999)}`;

interface DemoClient {
  nome: string;
  contato: string;
  telefone: string;
  email: string;
  url: string;
  valorMensalidade: string;
  isTrial: boolean;
}

/** Client `i` of demo unit `unit`: every tenth is on trial (no fee, no billing). */
export function demoClient(unit: number, i: number, seq: number): DemoClient {
  const r = randomFor(unit * 1000 + i + 1);
  const classic = unit === 0 ? CLASSIC_CLIENTS[i] : undefined;
  const nome = classic ?? `${r.pick(BUSINESSES)} ${r.pick(NAMES)}`;
  const [, , ddd] = r.pick(CITIES);
  const isTrial = i % 10 === 6;
  const domain = `${slug(nome)}${seq}.com.br`;
  return {
    nome,
    contato: person(r),
    telefone: mobile(r, ddd),
    email: `contato@${domain}`,
    url: `https://www.${domain}`,
    valorMensalidade: isTrial ? "0" : r.pick(FEES),
    isTrial,
  };
}

interface DemoSupplier {
  nome: string;
  email: string;
  telefone: string;
  cidade: string;
  estado: string;
}

export function demoSupplier(unit: number, i: number, seq: number): DemoSupplier {
  const r = randomFor(900_000 + unit * 100 + i);
  const classic = unit === 0 ? CLASSIC_SUPPLIERS[i] : undefined;
  const nome = classic ?? `${r.pick(SUPPLIER_KINDS)} ${r.pick(NAMES)}`;
  const [cidade, estado, ddd] = r.pick(CITIES);
  return { nome, email: `financeiro@${slug(nome)}${seq}.com.br`, telefone: `${ddd}3${r.int(100_0000, 999_9999)}`, cidade, estado };
}

export function demoPartner(unit: number, i: number) {
  const r = randomFor(500_000 + unit * 10 + i);
  const nome = person(r);
  const sobrenome = nome.split(" ").at(-1)!;
  const empresa = `${sobrenome} ${r.pick(["Consultoria", "Marketing Digital", "Advocacia", "Contabilidade", "Tecnologia"])}`;
  const [, , ddd] = r.pick(CITIES);
  return { nome, empresa, email: `${slug(nome)}${unit}@${slug(empresa)}.com.br`, telefone: mobile(r, ddd) };
}

/** How a client pays: most on time, some late (with fees), a few stop paying. */
export type Payer = "em_dia" | "atrasa" | "inadimplente";
export function payerOf(unit: number, i: number): Payer {
  const roll = randomFor(700_000 + unit * 1000 + i).next();
  return roll < 0.7 ? "em_dia" : roll < 0.9 ? "atrasa" : "inadimplente";
}
