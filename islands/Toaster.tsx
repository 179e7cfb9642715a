import { useEffect } from "react";
import { Toaster as ToastViewport } from "../src/ui/Toaster";
import { showFlashedToast } from "../src/ui/flash";
import { saveAuth, type AuthUser } from "./lib/auth-storage";

export interface ToasterProps {
  /** On signed-in pages: the session's user, mirrored in auth-storage (SPEC §3). */
  user?: AuthUser;
}

/** The page's one toast viewport; also shows a toast the previous page left for it. */
export default function Toaster({ user }: ToasterProps) {
  useEffect(showFlashedToast, []);
  // A signed-in page is a successful session check: mirror it in auth-storage (the server's
  // session stays the only gate). This island is on every page, so Sair needs none of its own.
  useEffect(() => {
    if (user) saveAuth(user);
  }, [user?.id, user?.email]);
  return <ToastViewport />;
}
