// Shapes of the charge routes (DECISIONS §7). Types only: the ChargeDialog island imports them
// without pulling the PIX or QR libraries into its bundle.

/** GET /api/installments/:id/pix: the BR Code ("PIX copia e cola"), the amount in it, its txid and the QR. */
export interface PixJson {
  payload: string;
  /** The amount the code asks for, "1234.56". */
  valor: string;
  txid: string;
  /** The QR code as an SVG document drawn on the server. */
  qrSvg: string;
}

/** GET /api/installments/:id/charge: everything the Cobrar dialog shows, for one amount. */
export interface ChargeJson {
  /** The amount charged: ?valor= when given, else the installment's amount as of today. */
  valor: string;
  parcela: {
    id: number;
    numerosParcela: string;
    descricao: string;
    dataVencimento: string;
    /** Face value, and the late fees as of today (zero when not overdue). */
    valor: string;
    diasAtraso: number;
    multa: string;
    juros: string;
    /** valor + multa + juros: what is charged when ?valor= is not given. */
    total: string;
  };
  cliente: { id: number; nome: string; contato: string; telefone: string; email: string };
  /** The PIX, or null with the reason in `semPix` (no key configured). */
  pix: PixJson | null;
  semPix: string | null;
  mensagem: string;
  assunto: string;
  /** null when the client has no usable phone: no WhatsApp button. */
  whatsappUrl: string | null;
  mailtoUrl: string | null;
}
