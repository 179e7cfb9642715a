import { FLASH_COOKIE, FLASHES, type FlashName } from "../lib/flash";
import { toast } from "./toast";

// A toast that must survive a full page navigation (e.g. "Login realizado com sucesso!"
// shown on the page the login lands on) waits in sessionStorage for the next Toaster.
const KEY = "cofre-flash-toast";

type ToastInput = Parameters<typeof toast>[0];

export function flashToast(input: ToastInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // storage unavailable: the toast is simply not carried over
  }
}

/** A toast a form post left in FLASH_COOKIE (src/lib/flash.ts), taken once. */
function takeFlashCookie(): ToastInput | null {
  const name = document.cookie.match(new RegExp(`(?:^|; )${FLASH_COOKIE}=([^;]*)`))?.[1];
  if (name === undefined) return null;
  document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return FLASHES[name as FlashName] ?? null;
}

export function showFlashedToast(): void {
  const posted = takeFlashCookie();
  if (posted) {
    toast(posted);
    return;
  }
  try {
    const saved = sessionStorage.getItem(KEY);
    if (!saved) return;
    sessionStorage.removeItem(KEY);
    toast(JSON.parse(saved) as ToastInput);
  } catch {
    // malformed or unavailable: nothing to show
  }
}
