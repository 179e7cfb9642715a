import { useState } from "react";
import type { SessionJson } from "../src/api/users/model";
import type { Role } from "../src/lib/roles";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { flashToast } from "../src/ui/flash";
import { Icon } from "../src/ui/Icon";
import { toast } from "../src/ui/toast";
import { PasswordForm } from "./account/PasswordForm";
import { SessionsTable } from "./account/SessionsTable";
import { api } from "./lib/api";
import { runRowAction } from "./lib/row-action";
import { ROLE_BADGE, ROLE_HINTS, ROLE_LABELS } from "./users/words";

export interface AccountScreenProps {
  user: { id: number; email: string; nome: string; papel: Role; trocarSenha: boolean };
  sessions: SessionJson[];
  /** APP_TZ, for the sessions' times. */
  timeZone: string;
}

export const TEMPORARY_NOTICE = "Sua senha é temporária: escolha uma nova para continuar";

/**
 * Minha conta (every role): who I am, my password and my sessions. With a temporary password the
 * server sends every page here; once it is changed, the person goes on to the dashboard.
 */
export default function AccountScreen({ user, sessions: initialSessions, timeZone }: AccountScreenProps) {
  const [sessions, setSessions] = useState(initialSessions);
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.atual).length;

  const reloadSessions = () => api<SessionJson[]>("/api/auth/sessions").then(setSessions, () => {});

  function changed(message: string) {
    if (user.trocarSenha) {
      flashToast({ title: message });
      location.assign("/");
      return;
    }
    toast({ title: message });
    void reloadSessions();
  }

  async function end(session: SessionJson | "others") {
    setEnding(session === "others" ? "others" : session.id);
    await runRowAction(
      () => (session === "others" ? api("/api/auth/sessions/others/end", { method: "POST", body: {} }) : api(`/api/auth/sessions/${session.id}`, { method: "DELETE" })),
      { failed: "Não foi possível encerrar a sessão.", reload: () => void reloadSessions() },
    );
    setEnding(null);
  }

  return (
    <div className="account">
      {user.trocarSenha && (
        <div className="account-notice" role="alert">
          <Icon name="lock" size={20} />
          <p>
            <strong>{TEMPORARY_NOTICE}</strong>
            <span>Até lá, as outras telas do Cofre ficam fechadas.</span>
          </p>
        </div>
      )}

      <section className="account-section" aria-labelledby="conta-dados">
        <h2 id="conta-dados">Seus dados</h2>
        <dl className="account-facts">
          <div>
            <dt>E-mail</dt>
            <dd>
              {user.email}
            </dd>
          </div>
          <div>
            <dt>Nome</dt>
            <dd>{user.nome || <span className="users-muted">Sem nome</span>}</dd>
          </div>
          <div>
            <dt>Perfil</dt>
            <dd>
              <Badge variant={ROLE_BADGE[user.papel]}>{ROLE_LABELS[user.papel]}</Badge>
              <span className="account-facts__hint">{ROLE_HINTS[user.papel]}</span>
            </dd>
          </div>
        </dl>
        <p className="account-section__text">Nome e perfil são mudados por um administrador, em Usuários.</p>
      </section>

      <section className="account-section" aria-labelledby="conta-senha">
        <h2 id="conta-senha">Trocar senha</h2>
        <p className="account-section__text">Trocar a senha encerra as suas outras sessões; esta continua aberta.</p>
        <PasswordForm email={user.email} onChanged={changed} />
      </section>

      <section className="account-section" aria-labelledby="conta-sessoes">
        <div className="account-section__head">
          <h2 id="conta-sessoes">Sessões</h2>
          <Button variant="secondary" size="sm" disabled={others === 0} loading={ending === "others"} onClick={() => end("others")}>
            Encerrar as outras
          </Button>
        </div>
        <p className="account-section__text">Onde a sua conta está aberta. Encerre as que você não reconhece.</p>
        <SessionsTable sessions={sessions} timeZone={timeZone} ending={ending} onEnd={end} />
      </section>
    </div>
  );
}
