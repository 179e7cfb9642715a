import type { PublicUser } from "../api/auth/service";
import type { SessionJson } from "../api/users/model";
import { clock } from "../lib/clock";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

interface AccountPageProps {
  user: PublicUser;
  /** GET /api/auth/sessions's answer for this person (`atual` marks this one). */
  sessions: SessionJson[];
}

/** Minha conta (every role): the person's data, the password form and the sessions, one island. */
export function AccountPage({ user, sessions }: AccountPageProps) {
  const { id, email, nome, papel, trocarSenha } = user;
  return (
    <>
      <PageHeader title="Minha conta" description="Seus dados, a sua senha e onde a sua conta está aberta." />
      <Island name="AccountScreen" props={{ user: { id, email, nome, papel, trocarSenha }, sessions, timeZone: clock.timeZone }} />
    </>
  );
}
