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

export function showFlashedToast(): void {
  try {
    const saved = sessionStorage.getItem(KEY);
    if (!saved) return;
    sessionStorage.removeItem(KEY);
    toast(JSON.parse(saved) as ToastInput);
  } catch {
    // malformed or unavailable: nothing to show
  }
}
