// SPEC §3: the client-side auth state persisted under "auth-storage". The server session is
// the only gate; this mirrors it for scripts that read it.
const KEY = "auth-storage";

/** The user as the server answers it (sign-in, GET /api/auth/me): stored whole, SPEC §3. */
interface AuthUser {
  id: number;
  email: string;
  nome: string;
  papel: string;
  trocarSenha: boolean;
}

export function saveAuth(user: AuthUser | null): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ state: { user, isAuthenticated: user !== null }, version: 0 }));
  } catch {
    // storage disabled (private mode): nothing depends on it
  }
}
