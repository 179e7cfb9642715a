import { parseAddressRanges, type AddressRange } from "./lib/ip-address";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "./lib/clock";
import { isUserEmail } from "./lib/user-email";

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appTz: string;
  cookieSecure: "auto" | boolean;
  blockGraceDays: number;
  /** PUBLIC_URL's origin ("https://cofre.empresa.com.br"): the only Origin a write may carry. */
  publicUrl: string | undefined;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (none: the header is ignored). */
  trustProxy: AddressRange[];
  /** How long an SMTP server may take to accept the connection, and then to greet (each). */
  smtpTimeoutSeconds: number;
}

/** A bad environment value: start-up stops and names the variable in both languages. */
export class ConfigError extends Error {
  constructor(variable: string, value: string, expected: string, esperado: string) {
    super(
      `Configuração inválida: ${variable}=${JSON.stringify(value)} (esperado: ${esperado}). ` +
        `Invalid configuration: ${variable} (expected ${expected}).`,
    );
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, raw, `a whole number from ${min} to ${max}`, `um número inteiro de ${min} a ${max}`);
  }
  return value;
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const appTz = optional(env, "APP_TZ") ?? DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(appTz)) {
    throw new ConfigError("APP_TZ", appTz, "an IANA time zone such as America/Sao_Paulo", "um fuso IANA como America/Sao_Paulo");
  }

  const secureRaw = (optional(env, "COOKIE_SECURE") ?? "auto").toLowerCase();
  if (!["auto", "true", "false"].includes(secureRaw)) {
    throw new ConfigError("COOKIE_SECURE", secureRaw, "auto, true or false", "auto, true ou false");
  }

  const adminEmail = optional(env, "ADMIN_EMAIL")?.toLowerCase();
  if (adminEmail !== undefined && !isUserEmail(adminEmail)) {
    throw new ConfigError("ADMIN_EMAIL", adminEmail, "an e-mail address", "um endereço de e-mail");
  }

  const publicRaw = optional(env, "PUBLIC_URL");
  const publicUrl = publicRaw === undefined ? undefined : publicOrigin(publicRaw);
  if (publicUrl === null) {
    throw new ConfigError("PUBLIC_URL", publicRaw!, "an http(s) origin such as https://cofre.example.com", "uma origem http(s) como https://cofre.empresa.com.br");
  }

  const trustRaw = optional(env, "TRUST_PROXY");
  const trustProxy = trustRaw === undefined ? [] : parseAddressRanges(trustRaw);
  if (trustProxy === null) {
    throw new ConfigError(
      "TRUST_PROXY",
      trustRaw!,
      "comma-separated IP addresses or CIDR ranges, such as 127.0.0.1 or 10.0.0.0/8,::1",
      "endereços IP ou faixas CIDR separados por vírgula, como 127.0.0.1 ou 10.0.0.0/8,::1",
    );
  }

  return {
    port: wholeNumber(env, "PORT", 3000, 0, 65535),
    host: optional(env, "HOST") ?? "0.0.0.0",
    databasePath: optional(env, "DATABASE_PATH") ?? "./data/app.db",
    adminEmail,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    appTz,
    cookieSecure: secureRaw === "auto" ? "auto" : secureRaw === "true",
    blockGraceDays: wholeNumber(env, "BLOCK_GRACE_DAYS", 0, 0, 3650),
    publicUrl,
    trustProxy,
    smtpTimeoutSeconds: wholeNumber(env, "SMTP_TIMEOUT_SECONDS", 8, 1, 60),
  };
}

/** "https://Cofre.Example.com:443/" → "https://cofre.example.com" (as browsers write Origin); a path or query → null. */
function publicOrigin(raw: string): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  return url.origin;
}
