import type { FieldErrors } from "../lib/field-errors";
import { renderPage } from "../ssr/render";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Icon } from "../ui/Icon";
import { Input } from "../ui/Input";
import { ToastContent } from "../ui/Toaster";

interface LoginPageProps {
  /** A refused form post: what was typed … */
  email?: string;
  /** … the fields the schema refused (SPEC's messages, under each field) … */
  errors?: FieldErrors;
  /** … or why the sign-in was refused (credentials, throttle, a deactivated user), as SPEC's toast. */
  refused?: string;
}

/** The login page as a response; a refused form post answers with its status and reason. */
export function loginPage({ status = 200, ...props }: LoginPageProps & { status?: number } = {}): Response {
  // No island: the form posts to /login and this page says why a post was refused. Its one small
  // script (islands/lib/login.ts) clears auth-storage and shows "Entrando..." while it posts.
  return renderPage({ title: "Entrar · Cofre", body: <LoginPage {...props} />, status, scripts: ["login"] });
}

function LoginPage({ email = "", errors = {}, refused }: LoginPageProps) {
  // After a refusal the cursor goes where the person has to act.
  const focus = errors.email ? "email" : errors.password || refused ? "password" : null;
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="login-title">
        <Icon name="logo" className="login-logo" />
        <h1 id="login-title">Cofre</h1>
        <p className="login-subtitle">Sistema de Controle de Assinaturas</p>
        {/* POST, never the password in a URL; noValidate: the server answers with SPEC's messages. */}
        <form className="login-form" method="post" action="/login" noValidate data-login-form="">
          <Field label="E-mail" error={errors.email}>
            <Input type="email" name="email" autoComplete="username" placeholder="seu@email.com" defaultValue={email} autoFocus={focus === "email"} />
          </Field>
          <Field label="Senha" error={errors.password}>
            <Input type="password" name="password" autoComplete="current-password" autoFocus={focus === "password"} />
          </Field>
          <Button type="submit" variant="primary" className="login-submit">
            Entrar
          </Button>
        </form>
      </section>
      {refused && (
        // SPEC §8's destructive toast, rendered by the server: there is no script to raise it.
        <div className="ui-toaster">
          <div role="alert" className="ui-toast ui-toast--destructive">
            <ToastContent title="Erro no login" description={refused} destructive />
          </div>
        </div>
      )}
    </main>
  );
}
