import { useState } from "react";
import { USER_LIST } from "../src/api/users/list-spec";
import type { CreatedUserAnswer, ResetPasswordAnswer, UserJson } from "../src/api/users/model";
import { ROLES } from "../src/lib/roles";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Icon } from "../src/ui/Icon";
import { IconAction } from "../src/ui/IconAction";
import { Input } from "../src/ui/Input";
import { RowMenu } from "../src/ui/RowMenu";
import { Select } from "../src/ui/Select";
import type { TableColumn } from "../src/ui/Table";
import { toast } from "../src/ui/toast";
import { Tooltip } from "../src/ui/Tooltip";
import { api, ApiError, serverMessage } from "./lib/api";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListPager, ListTable, runRowAction } from "./lib/list-kit";
import { useNewRecordIntent, useNewRecordRequest } from "./lib/state";
import { ConfirmDialog, ConfirmPart } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";
import type { TemporaryPassword } from "./users/TemporaryPasswordDialog";
import { lastUseText, ROLE_BADGE, ROLE_LABELS } from "./users/words";

// Loaded with their first opening (or as a button is pointed at): the forms and their zod schemas.
// The temporary password's dialog stays in the page: it shows a password only once, so it must
// not depend on a download after the server made it.
const NewUserDialog = onDemand(() => import("./users/NewUserDialog").then((m) => m.NewUserDialog));
const EditUserDialog = onDemand(() => import("./users/EditUserDialog").then((m) => m.EditUserDialog));
// The temporary password's dialog follows a creation or a reset (both start from a button).
const TemporaryPasswordDialog = onDemand(() => import("./users/TemporaryPasswordDialog").then((m) => m.TemporaryPasswordDialog));

export interface UsersListProps extends ListIslandProps<UserJson> {
  /** The signed-in administrator: their own row can be neither deactivated nor demoted here. */
  currentUserId: number;
  /** APP_TZ, for "Último acesso". */
  timeZone: string;
}

const ROLE_FILTER = [{ value: "", label: "Todos" }, ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))];
const STATUS_FILTER = [
  { value: "", label: "Todos" },
  { value: "sim", label: "Ativos" },
  { value: "nao", label: "Desativados" },
];

/** A row's name in its actions: "Editar Ana Souza" (the e-mail when there is no name). */
const rowName = (user: UserJson) => user.nome || user.email;
const ownerText = (user: UserJson) => (user.nome ? `${user.nome} (${user.email})` : user.email);

type Asking = { action: "ativo" | "senha"; user: UserJson };

/** Usuários (issue 20): the filters in the URL, the page of users, and each one's dialogs. */
export default function UsersList({ currentUserId, timeZone, ...props }: UsersListProps) {
  const list = useUrlList<UserJson>({ ...props, spec: USER_LIST });
  const { params, update } = list;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserJson | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  // Its dialog's code did not arrive (a dropped connection): the password, shown this once, stays on the page.
  const [unshown, setUnshown] = useState<TemporaryPassword | null>(null);
  useNewRecordRequest(() => setCreating(true));
  useNewRecordIntent(NewUserDialog.preload);
  const filtering = Boolean(params.q || params.papel || params.ativo);
  const reload = () => void list.reload();

  function created(answer: CreatedUserAnswer) {
    setCreating(false);
    reload();
    if (answer.senhaTemporaria) setPassword({ owner: ownerText(answer.user), senha: answer.senhaTemporaria });
  }

  async function confirm() {
    if (!asking) return;
    const { action, user } = asking;
    if (action === "ativo") {
      await runRowAction(() => api(`/api/users/${user.id}`, { method: "PATCH", body: { ativo: !user.ativo } }), {
        failed: user.ativo ? "Não foi possível desativar o usuário." : "Não foi possível reativar o usuário.",
        reload,
      });
      return setAsking(null);
    }
    try {
      const answer = await api<ResetPasswordAnswer>(`/api/users/${user.id}/reset-password`, { method: "POST", body: {} });
      toast({ title: serverMessage(answer) ?? "Senha redefinida" });
      setPassword({ owner: ownerText(user), senha: answer.senhaTemporaria });
      reload();
    } catch (error) {
      const reason = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: "Erro", description: reason ?? "Não foi possível redefinir a senha.", variant: "destructive" });
    }
    setAsking(null);
  }

  const columns = userColumns({
    currentUserId,
    timeZone,
    edit: setEditing,
    ask: (action, user) => setAsking({ action, user }),
  });

  return (
    <div className="list-screen" {...preloadOnIntent(NewUserDialog, EditUserDialog, ConfirmPart, TemporaryPasswordDialog)}>
      <FilterBar label="Filtrar usuários" active={filtering} onClear={() => update({ q: "", papel: "", ativo: "" })}>
        <Field label="Buscar">
          <Input
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            placeholder="E-mail ou nome"
            value={params.q ?? ""}
            onValueChange={(q) => update({ q }, { typing: true })}
          />
        </Field>
        <Field label="Perfil">
          <Select name="papel" options={ROLE_FILTER} value={params.papel ?? ""} onValueChange={(papel) => update({ papel })} />
        </Field>
        <Field label="Situação">
          <Select name="ativo" options={STATUS_FILTER} value={params.ativo ?? ""} onValueChange={(ativo) => update({ ativo })} />
        </Field>
      </FilterBar>

      <section className="list-card" aria-labelledby="usuarios-contagem">
        <ListCount id="usuarios-contagem" list={list} noun="Usuários" none="Nenhum usuário" />
        <ListTable
          list={list}
          rows={list.rows}
          label="Lista de usuários"
          className="users-table"
          columns={columns}
          empty={
            <EmptyState
              icon="shield"
              title="Nenhum usuário encontrado"
              hint={filtering ? "Ajuste a busca ou os filtros para ver outros usuários." : "Cadastre quem vai usar o Cofre."}
              action={
                filtering ? (
                  <Button variant="secondary" onClick={() => update({ q: "", papel: "", ativo: "" })}>
                    Limpar filtros
                  </Button>
                ) : (
                  <Button variant="primary" onClick={() => setCreating(true)}>
                    <Icon name="plus" size={18} />
                    Novo usuário
                  </Button>
                )
              }
            />
          }
        />
        <ListPager list={list} />
      </section>

      {creating && (
        <Loading onFailed={() => setCreating(false)}>
          <NewUserDialog onClose={() => setCreating(false)} onCreated={created} />
        </Loading>
      )}
      {editing && (
        <Loading onFailed={() => setEditing(null)}>
          <EditUserDialog
            user={editing}
            own={editing.id === currentUserId}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        </Loading>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={!asking ? "" : asking.action === "senha" ? "Redefinir senha" : asking.user.ativo ? "Desativar usuário" : "Reativar usuário"}
        message={asking ? question(asking) : ""}
        confirmLabel={!asking ? "" : asking.action === "senha" ? "Redefinir senha" : asking.user.ativo ? "Desativar" : "Reativar"}
        destructive={asking?.action === "senha" || Boolean(asking?.user.ativo)}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
      {unshown && (
        <p className="reg-form__alert" role="alert">
          Senha temporária de {unshown.owner}: <code>{unshown.senha}</code> — anote-a, ela não será mostrada de novo.
        </p>
      )}
      {password && (
        <Loading
          onFailed={() => {
            setUnshown(password);
            setPassword(null);
          }}
        >
          <TemporaryPasswordDialog password={password} onClose={() => setPassword(null)} />
        </Loading>
      )}
    </div>
  );
}

function question({ action, user }: Asking) {
  const subject = <strong className="confirm-subject">{ownerText(user)}</strong>;
  if (action === "senha")
    return (
      <>
        A senha atual deixa de valer e as sessões abertas terminam. Uma senha temporária será mostrada uma única vez, e a pessoa escolherá a sua no próximo acesso.
        {subject}
      </>
    );
  return user.ativo ? (
    <>
      As sessões abertas terminam agora e a pessoa não consegue mais entrar, até ser reativada. O histórico dela continua.
      {subject}
    </>
  ) : (
    <>
      A pessoa volta a entrar com a senha que tinha, no perfil {ROLE_LABELS[user.papel]}.
      {subject}
    </>
  );
}

interface ColumnOptions {
  currentUserId: number;
  timeZone: string;
  edit(user: UserJson): void;
  ask(action: Asking["action"], user: UserJson): void;
}

/** E-mail, Nome, Perfil, Situação, Último acesso, Ações: the e-mail takes the width; long text ends in "…". */
function userColumns({ currentUserId, timeZone, edit, ask }: ColumnOptions): TableColumn<UserJson>[] {
  return [
    {
      key: "email",
      header: "E-mail",
      sortable: true,
      phone: "title",
      render: (user) => (
        <span className="users-email">
          <span className="ui-ellipsis cell-name__main" title={user.email}>
            {user.email}
          </span>
          {user.id === currentUserId && <Badge variant="info">Você</Badge>}
        </span>
      ),
    },
    {
      key: "nome",
      header: "Nome",
      sortable: true,
      render: (user) =>
        user.nome ? (
          <span className="ui-ellipsis" title={user.nome}>
            {user.nome}
          </span>
        ) : (
          <span className="users-muted">Sem nome</span>
        ),
    },
    {
      key: "papel",
      header: "Perfil",
      sortable: true,
      phone: "badge",
      render: (user) => <Badge variant={ROLE_BADGE[user.papel]}>{ROLE_LABELS[user.papel]}</Badge>,
    },
    {
      key: "situacao",
      header: "Situação",
      render: (user) => (
        <span className="users-status">
          <Badge variant={user.ativo ? "success" : "danger"}>{user.ativo ? "Ativo" : "Desativado"}</Badge>
          {user.ativo && user.trocarSenha && <span className="users-muted">senha temporária</span>}
        </span>
      ),
    },
    {
      key: "ultimoAcesso",
      header: "Último acesso",
      sortable: true,
      render: (user) => <span className="ui-nowrap users-when">{lastUseText(user.ultimoAcesso, timeZone)}</span>,
    },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (user) => (
        <div className="row-actions">
          <IconAction label="Editar" rowName={rowName(user)} icon="edit" onClick={() => edit(user)} />
          {user.id === currentUserId ? (
            <OwnRowMenu rowName={rowName(user)} />
          ) : (
            <RowMenu
              rowName={rowName(user)}
              items={[
                { label: "Redefinir senha", icon: "lock", onSelect: () => ask("senha", user) },
                user.ativo
                  ? { label: "Desativar", icon: "close", danger: true, onSelect: () => ask("ativo", user) }
                  : { label: "Reativar", icon: "undo", onSelect: () => ask("ativo", user) },
              ]}
            />
          )}
        </div>
      ),
    },
  ];
}

/** The own row's "⋯": shown, not usable, saying why (focusable, so the hint reaches the keyboard too). */
function OwnRowMenu({ rowName }: { rowName: string }) {
  return (
    <Tooltip content="Sua própria conta: para trocar a senha, use Minha conta; só outro administrador pode desativá-la.">
      <Button variant="ghost" size="icon" className="ui-icon-action users-own-menu" aria-label={`Mais ações para ${rowName}`} aria-disabled="true">
        <Icon name="more" size={18} />
      </Button>
    </Tooltip>
  );
}
