// Every signed-in page's plain script, without React (src/ssr/render.tsx names it for AppShell's
// pages): see page-shell.ts.
import { startShell } from "./page-shell";

startShell();
