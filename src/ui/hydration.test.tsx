// A page built from every component, rendered on the server and hydrated: no mismatch allowed.
import { afterEach, expect, test } from "bun:test";
import { act } from "react";
import { Badge } from "./Badge.tsx";
import { Button } from "./Button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./Card.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { Dialog } from "./Dialog.tsx";
import { Field } from "./Field.tsx";
import { Icon } from "./Icon.tsx";
import { Input } from "./Input.tsx";
import { Select } from "./Select.tsx";
import { Table } from "./Table.tsx";
import { ToasterViewport } from "./Toaster.tsx";
import { installToaster } from "./page-toaster.ts";
import { Tooltip } from "./Tooltip.tsx";
import { dismissToast, toast } from "./toast.ts";
import { cleanup, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

function ClientsPage() {
  return (
    <main>
      <Card>
        <CardHeader>
          <CardTitle>Total de Clientes</CardTitle>
          <Icon name="users" />
          <CardDescription>Crescimento estável</CardDescription>
        </CardHeader>
        <CardContent>
          <Badge variant="danger">Bloqueado</Badge>
        </CardContent>
      </Card>
      <Field label="Nome" error="Nome é obrigatório">
        <Input defaultValue="Padaria" />
      </Field>
      <Field label="Status">
        <Select options={[{ value: "0", label: "Ativo" }]} placeholder="Todos" defaultValue="" />
      </Field>
      <Table
        columns={[{ key: "nome", header: "Nome", sortable: true, render: (row: { nome: string }) => row.nome }]}
        rows={[{ nome: "Padaria Pão Quente" }]}
        rowKey={(row) => row.nome}
        sort={{ key: "nome", dir: "asc" }}
      />
      <Tooltip content="Editar">
        <Button size="icon" variant="ghost" aria-label="Editar">
          <Icon name="edit" />
        </Button>
      </Tooltip>
      <Button loading>Salvando</Button>
      <Dialog open={false} onClose={() => {}} title="Novo Cliente">
        form
      </Dialog>
      <ConfirmDialog open message="Tem certeza que deseja excluir este cliente?" onConfirm={() => {}} onCancel={() => {}} />
      <ToasterViewport />
    </main>
  );
}

test("every component hydrates its own server markup without a mismatch", () => {
  const { errors, container } = serverRenderAndHydrate(<ClientsPage />);
  expect(errors).toEqual([]);
  expect(container.querySelectorAll("[id]").length).toBeGreaterThan(5);
});

test("a toast raised after hydration appears in the server-rendered viewport, drawn by the plain toaster", () => {
  const { container } = serverRenderAndHydrate(<ClientsPage />);
  const stop = installToaster(document);
  try {
    toast({ title: "Cliente excluído" });
    expect(container.querySelectorAll("ol.ui-toaster").length).toBe(1);
    expect(container.querySelector('ol.ui-toaster li[role="status"]')?.textContent).toContain("Cliente excluído");
  } finally {
    stop();
  }
});
