import type { UserJson } from "../api/users/model";
import { clock } from "../lib/clock";
import type { ListParams } from "../lib/list-spec";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

interface UsersPageProps {
  /** The first page, exactly as GET /api/users answers the same URL. */
  initial: { rows: UserJson[]; total: number };
  params: ListParams;
  /** The signed-in administrator (their own row can be neither deactivated nor demoted here). */
  currentUserId: number;
}

/** Usuários (administrators only): the heading is static; "Novo usuário" is one island, the list and its dialogs another. */
export function UsersPage({ initial, params, currentUserId }: UsersPageProps) {
  return (
    <>
      <PageHeader
        title="Usuários"
        description="Quem entra no Cofre e o que cada um pode fazer: administradores cuidam de tudo, o financeiro das operações e a consulta só vê."
        actions={<Island name="NewRecordButton" props={{ label: "Novo usuário" }} />}
      />
      <Island name="UsersList" props={{ initial, params, currentUserId, timeZone: clock.timeZone }} />
    </>
  );
}
