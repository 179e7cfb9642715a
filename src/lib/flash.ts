// A toast a form post leaves for the page it redirects to, where no script ran before the post:
// the server sets this cookie with one of these names (src/api/auth/plugin.ts), the next page's
// Toaster reads and deletes it (src/ui/flash.ts). Client-safe.
export const FLASH_COOKIE = "cofre_flash";

export const FLASHES = {
  login: { title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" },
} as const;

export type FlashName = keyof typeof FLASHES;
