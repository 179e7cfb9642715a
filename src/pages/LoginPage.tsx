import { Island } from "../ssr/Island";
import { Icon } from "../ui/Icon";

export function LoginPage() {
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="login-title">
        <Icon name="logo" className="login-logo" />
        <h1 id="login-title">Cofre</h1>
        <p className="login-subtitle">Sistema de Controle de Assinaturas</p>
        <Island name="LoginForm" props={{}} />
      </section>
      <Island name="Toaster" props={{}} />
    </main>
  );
}
