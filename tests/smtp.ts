// Real SMTP parts for the e-mail tests: npm smtp-server in the test process on 127.0.0.1 and a
// random port, every delivered message parsed by mailparser; a server that accepts and never
// greets; a port nobody listens on; a self-signed certificate made by openssl for the run.
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

interface Delivered {
  envelope: { from: string; to: string[] };
  /** The message as it crossed the wire. */
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  delivered: Delivered[];
  /**
   * Every message whose DATA arrived whole, acknowledged or not yet: with `delayMs`, a client
   * killed before the 250 may still have handed its message over (the worst case for "at most once").
   */
  received: Delivered[];
  close(): Promise<void>;
}

interface TestSmtpOptions {
  /** TLS from the first byte (as port 465). */
  secure?: boolean;
  /** Offered for STARTTLS (or used for `secure`). */
  cert?: SelfSigned;
  /** Username and password it accepts; without them any AUTH is refused with 535, and mail is taken without AUTH. */
  credentials?: { user: string; pass: string };
  /** Mail only after AUTH (530 otherwise); by default AUTH is optional even with credentials. */
  authRequired?: boolean;
  /** Reject every recipient with this reply (e.g. 550 or 451). */
  rejectRecipient?: { code: number; message: string };
  /** Waits this long after the DATA before answering 250 (a slow server: a kill lands mid-send). */
  delayMs?: number;
}

export async function startSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const delivered: Delivered[] = [];
  const received: Delivered[] = [];
  const config: SMTPServerOptions = {
    secure: options.secure ?? false,
    key: options.cert?.key,
    cert: options.cert?.cert,
    // STARTTLS is offered only when there is a certificate.
    disabledCommands: options.cert ? [] : ["STARTTLS"],
    authOptional: !options.authRequired,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const { credentials } = options;
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      const error = Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 });
      callback(error);
    },
    onRcptTo(address, _session, callback) {
      const reject = options.rejectRecipient;
      if (reject) return callback(Object.assign(new Error(reject.message), { responseCode: reject.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) },
          raw,
          parsed: await simpleParser(raw),
        };
        received.push(mail);
        if (options.delayMs) await Bun.sleep(options.delayMs);
        delivered.push(mail);
        callback();
      });
    },
  };
  const server = new SMTPServer(config);
  server.on("error", () => {}); // a client that drops the connection is part of some tests
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, delivered, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Accepts connections and says nothing, ever (a wrong port, a stuck server). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SelfSigned {
  key: string;
  cert: string;
}

/** A self-signed certificate for localhost / 127.0.0.1, made by openssl (an EC key: fast). */
export async function selfSignedCert(): Promise<SelfSigned> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-cert-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  const openssl = Bun.spawn(
    ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
    { stdout: "ignore", stderr: "pipe" },
  );
  if ((await openssl.exited) !== 0) throw new Error(`openssl: ${await new Response(openssl.stderr).text()}`);
  return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
}
