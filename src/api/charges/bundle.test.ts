// DECISIONS §7: the BR Code and the QR are made on the server. The browser bundles never carry
// uqr or the PIX generator; the key checks (the settings form validates as the API does) ship
// only with the Configurações page, never with the receivables screen.
import { expect, test } from "bun:test";
import { buildClient, type BuiltFile } from "../../ssr/client-build";

// Strings only these library parts contain (they survive minification).
const UQR = "unencodable characters in alphanumeric mode";
const PIX_GENERATOR = "br.gov.bcb.pix";
const PIX_KEY_CHECK = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i";

test("uqr and the PIX generator are in no browser file; the key check only on the settings page", async () => {
  const { files, entries } = await buildClient();
  const text = new Map(files.map((f) => [f.name, new TextDecoder().decode(f.bytes)]));
  const byName = new Map(files.map((f) => [f.name, f]));
  /** An entry's file and every file it imports statically, transitively: what its page loads. */
  const loadedBy = (entry: string): string[] => {
    const seen = new Set<string>();
    const visit = (file: BuiltFile | undefined) => {
      if (!file || seen.has(file.name)) return;
      seen.add(file.name);
      file.imports.forEach((name) => visit(byName.get(name)));
    };
    visit(byName.get(entries[entry]!));
    expect(seen.size).toBeGreaterThan(0);
    return [...seen];
  };
  const carrying = (marker: string, names = [...text.keys()]) => names.filter((name) => text.get(name)!.includes(marker));

  expect(carrying(UQR)).toEqual([]);
  expect(carrying(PIX_GENERATOR)).toEqual([]);
  expect(carrying(PIX_KEY_CHECK, loadedBy("page-settings")).length).toBe(1);
  for (const entry of ["page-ledger", "page-clients"]) {
    expect(carrying(PIX_KEY_CHECK, loadedBy(entry))).toEqual([]);
  }
}, 60_000);
