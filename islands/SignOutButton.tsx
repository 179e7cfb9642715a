import { useEffect } from "react";
import { Icon } from "../src/ui/Icon";
import { saveAuth, type AuthUser } from "./auth-storage";

export interface SignOutButtonProps {
  user: AuthUser;
}

/** "Sair": ends the session; the user leaves even when the call fails (SPEC §4). */
export default function SignOutButton({ user }: SignOutButtonProps) {
  // A signed-in page is a successful session check: mirror it in auth-storage.
  useEffect(() => saveAuth(user), [user.id, user.email]);

  async function signOut() {
    try {
      await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch {
      // ignored: logging out locally is what matters
    }
    saveAuth(null);
    // /login?saiu ends the session server-side too, in case the call above never arrived.
    location.assign("/login?saiu=1");
  }

  return (
    <button type="button" className="shell-signout-button" onClick={signOut}>
      <Icon name="logout" />
      <span>Sair</span>
    </button>
  );
}
