import { useEffect } from "react";
import { Icon } from "../src/ui/Icon";
import { saveAuth, type AuthUser } from "./auth-storage";

export interface SignOutButtonProps {
  user: AuthUser;
}

/**
 * "Sair": a form that POSTs /logout, which ends the session and answers 303 → /login. It works
 * before hydration and without JavaScript; once hydrated it also clears auth-storage (SPEC §4).
 */
export default function SignOutButton({ user }: SignOutButtonProps) {
  // A signed-in page is a successful session check: mirror it in auth-storage.
  useEffect(() => saveAuth(user), [user.id, user.email]);

  return (
    <form method="post" action="/logout" className="shell-signout-form" onSubmit={() => saveAuth(null)}>
      <button type="submit" className="shell-signout-button">
        <Icon name="logout" />
        <span>Sair</span>
      </button>
    </form>
  );
}
