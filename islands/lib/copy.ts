// The client's page and receipts' only script, without React (src/pages/public/). The page works
// without it: each PIX code is selectable text. With it, a "Copiar" button beside each code and an
// "Imprimir" button on a receipt.
for (const box of document.querySelectorAll<HTMLElement>("[data-copy]")) {
  const code = box.querySelector<HTMLTextAreaElement>("textarea");
  if (!code) continue;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pp-button";
  button.textContent = "Copiar código PIX";
  const status = document.createElement("span");
  status.className = "pp-copied";
  status.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code.value);
      status.textContent = "Código copiado";
    } catch {
      // No clipboard (an http page, an old browser): select it for the person to copy.
      code.focus();
      code.select();
      status.textContent = "Selecionado: copie com o menu do aparelho";
    }
  });
  box.append(button, status);
}

for (const slot of document.querySelectorAll<HTMLElement>("[data-print]")) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pp-button";
  button.textContent = "Imprimir";
  button.addEventListener("click", () => print());
  slot.append(button);
}
