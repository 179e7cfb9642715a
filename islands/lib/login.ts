// The login page's only script, without React (src/pages/LoginPage.tsx renders the form, its
// messages and its refusal). It does what only a script can: clear auth-storage, since whoever
// sees this page is signed out (SPEC §3), and show "Entrando..." while the form posts (SPEC §4).
import { saveAuth } from "./auth-storage";

saveAuth(null);

const form = document.querySelector<HTMLFormElement>("form[data-login-form]");
const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
if (form && submit) {
  const label = submit.textContent;
  form.addEventListener("submit", () => {
    // Disabled after the submit event has started the post, so the post goes on.
    submit.disabled = true;
    submit.textContent = "Entrando...";
  });
  // Back from the next page (bfcache): the button works again.
  addEventListener("pageshow", (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    submit.disabled = false;
    submit.textContent = label;
  });
}
