import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { cleanup, click, get, render, typeInto } from "../tests/ui";
import { toastSignal } from "../src/ui/toast";
import LoginForm from "./LoginForm";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const submit = async (container: HTMLElement) => {
  await act(async () => {
    get<HTMLFormElement>("form", container).dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
};

describe("LoginForm", () => {
  test("shows SPEC's messages under the fields and sends nothing when they fail", async () => {
    let calls = 0;
    globalThis.fetch = (async () => (calls++, new Response("{}"))) as unknown as typeof fetch;
    const { container } = render(<LoginForm />);
    typeInto(get<HTMLInputElement>("input[name=email]", container), "nao-e-email");
    await submit(container);
    expect(container.textContent).toContain("Email inválido");
    expect(container.textContent).toContain("Senha é obrigatória");
    expect(calls).toBe(0);
  });

  test("keeps what was typed across re-renders and posts it (typing after an error must not crash)", async () => {
    const sent: unknown[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ message: "Credenciais inválidas" }), { status: 401 });
    }) as unknown as typeof fetch;
    const { container } = render(<LoginForm />);
    await submit(container);
    typeInto(get<HTMLInputElement>("input[name=email]", container), "maria@empresa.com.br");
    typeInto(get<HTMLInputElement>("input[name=password]", container), "senha");
    expect(get<HTMLInputElement>("input[name=email]", container).value).toBe("maria@empresa.com.br");
    await submit(container);
    expect(sent).toEqual([{ email: "maria@empresa.com.br", password: "senha" }]);
    expect(toastSignal.value).toMatchObject({ title: "Erro no login", description: "Credenciais inválidas", variant: "destructive" });
  });

  test("after a refused form post (no script yet) it shows why and keeps the e-mail; a new try clears it", async () => {
    globalThis.fetch = (async () => new Response(JSON.stringify({ message: "Credenciais inválidas" }), { status: 401 })) as unknown as typeof fetch;
    const { container } = render(<LoginForm email="maria@empresa.com.br" refused="Credenciais inválidas" />);
    expect(get("[role=alert]", container).textContent).toBe("Erro no login Credenciais inválidas");
    expect(get<HTMLInputElement>("input[name=email]", container).value).toBe("maria@empresa.com.br");
    expect(get<HTMLFormElement>("form", container).getAttribute("action")).toBe("/login");
    typeInto(get<HTMLInputElement>("input[name=password]", container), "outra");
    await submit(container);
    expect(container.querySelector("[role=alert]")).toBeNull();
  });

  test("the button reads 'Entrando...' and is disabled while the call runs", async () => {
    let finish!: (r: Response) => void;
    globalThis.fetch = (() => new Promise<Response>((resolve) => (finish = resolve))) as unknown as typeof fetch;
    const { container } = render(<LoginForm />);
    typeInto(get<HTMLInputElement>("input[name=email]", container), "maria@empresa.com.br");
    typeInto(get<HTMLInputElement>("input[name=password]", container), "senha");
    await submit(container);
    const button = get<HTMLButtonElement>("button[type=submit]", container);
    expect(button.textContent).toBe("Entrando...");
    expect(button.disabled).toBe(true);
    await act(async () => finish(new Response(JSON.stringify({ message: "Falhou" }), { status: 401 })));
    expect(button.textContent).toBe("Entrar");
    expect(button.disabled).toBe(false);
    void click;
  });
});
