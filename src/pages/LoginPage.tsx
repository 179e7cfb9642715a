import { Island } from "../ssr/Island";
import { renderPage } from "../ssr/render";
import { Icon } from "../ui/Icon";

export interface LoginPageProps {
  /** A refused form post: what was typed and why. */
  email?: string;
  refused?: string;
}

/** The login page as a response; a refused form post answers with its status and reason. */
export function loginPage({ status = 200, error, email }: { status?: number; error?: string; email?: string } = {}): Response {
  return renderPage({ title: "Entrar · Cofre", body: <LoginPage email={email} refused={error} />, status });
}

export function LoginPage({ email, refused }: LoginPageProps) {
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="login-title">
        <Icon name="logo" className="login-logo" />
        <h1 id="login-title">Cofre</h1>
        <p className="login-subtitle">Sistema de Controle de Assinaturas</p>
        <Island name="LoginForm" props={refused ? { email, refused } : {}} />
      </section>
      <Island name="Toaster" props={{}} />
    </main>
  );
}
