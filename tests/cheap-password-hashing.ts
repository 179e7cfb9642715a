// Preloaded by `bun test` and by the CLI processes the tests start. Production hashes passwords
// with argon2id at Bun's default cost (64 MiB, 2 passes: ~120 ms a hash here); a test creating,
// resetting or changing a password through the API or the CLI paid that for what is not its
// subject. Here Bun.password.hash keeps the algorithm and every code path, at the lowest cost.
// Bun.password.verify reads the cost from the hash, so what was hashed cheaply checks cheaply,
// and the fixed production-strength hash that unknown e-mails are checked against stays what it
// is. `productionHashing` puts the real cost back for the test that pins it (auth.test.ts).
const native = Bun.password.hash.bind(Bun.password);

/** Argon2's smallest memory (64 KiB) and one pass: the same algorithm and format. */
export const CHEAP_COST = { memoryCost: 64, timeCost: 1 } as const;

type HashOptions = Parameters<typeof Bun.password.hash>[1];

let production = 0;
Bun.password.hash = ((password: Parameters<typeof native>[0], options?: HashOptions) =>
  production > 0 || typeof options !== "object" || options.algorithm !== "argon2id"
    ? native(password, options)
    : native(password, { ...options, ...CHEAP_COST })) as typeof Bun.password.hash;

/**
 * Runs `during` with Bun's own cost. A test running beside it (test.concurrent) that hashes
 * meanwhile pays that cost too: slower, never wrong.
 */
export async function productionHashing<T>(during: () => Promise<T>): Promise<T> {
  production++;
  try {
    return await during();
  } finally {
    production--;
  }
}
