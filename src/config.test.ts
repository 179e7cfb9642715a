import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  test("defaults follow DECISIONS §1", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databasePath: "./data/app.db",
      adminEmail: undefined,
      adminPassword: undefined,
      appTz: "America/Sao_Paulo",
      cookieSecure: "auto",
      blockGraceDays: 0,
      publicUrl: undefined,
      trustProxy: [],
      smtpTimeoutSeconds: 8,
    });
  });

  test("PUBLIC_URL is kept as the origin a browser sends; a path, query or other scheme stops start-up", () => {
    expect(loadConfig({ PUBLIC_URL: "https://Cofre.Empresa.com.br:443/" }).publicUrl).toBe("https://cofre.empresa.com.br");
    expect(loadConfig({ PUBLIC_URL: "http://10.0.0.5:8080" }).publicUrl).toBe("http://10.0.0.5:8080");
    for (const bad of ["cofre.empresa.com.br", "https://cofre.empresa.com.br/app", "https://x.com/?a=1", "ftp://x.com"])
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
  });

  test("TRUST_PROXY: comma-separated IPv4 and IPv6 addresses and CIDR ranges", () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8" });
    expect(trustProxy.map((r) => [[...r.bytes].length, r.prefix])).toEqual([[4, 32], [4, 8], [16, 128], [16, 8]]);
    expect(() => loadConfig({ TRUST_PROXY: "caddy" })).toThrow(/Configuração inválida: TRUST_PROXY="caddy"/);
  });

  test("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_PATH: "/var/lib/cofre/app.db",
      ADMIN_EMAIL: "Dono@Empresa.com.br",
      ADMIN_PASSWORD: "livro-caixa-da-padaria",
      APP_TZ: "America/Manaus",
      COOKIE_SECURE: "true",
      BLOCK_GRACE_DAYS: "5",
      SMTP_TIMEOUT_SECONDS: "20",
    });
    expect(config).toMatchObject({ port: 8080, adminEmail: "dono@empresa.com.br", appTz: "America/Manaus", cookieSecure: true, blockGraceDays: 5, smtpTimeoutSeconds: 20 });
  });

  test.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["APP_TZ", "America/Atlantida"],
    ["COOKIE_SECURE", "sim"],
    ["BLOCK_GRACE_DAYS", "1.5"],
    ["ADMIN_EMAIL", "sem-arroba"],
    ["TRUST_PROXY", "caddy"],
    ["TRUST_PROXY", "127.0.0.1,localhost"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "256.0.0.1"],
    ["TRUST_PROXY", "::1/129"],
    ["TRUST_PROXY", "2001:db8:::1"],
    ["TRUST_PROXY", "10.0.0.0/8/8"],
    ["TRUST_PROXY", ","],
  ])("a bad %s (%s) stops start-up naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
