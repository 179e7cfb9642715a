// Whether the signed-in person may change data (DECISIONS §10): a `consulta` reads every screen
// but sees no write control. The server is the guard — every write of a consulta answers 403 —
// so this only keeps the screens honest. The page's shell provides it on the server
// (src/pages/AppShell.tsx); each island's root gets the same value there (src/ssr/Island.tsx)
// and in the browser (islands/lib/hydrate.ts reads the shell's data-somente-consulta), so the
// hydrated markup matches. Outside a page (component tests) it is true: the full screen.
import { createContext, useContext } from "react";

export const CanWrite = createContext(true);

/** true: show "Novo …", row actions that change data, editable dialogs; false: read only. */
export const useCanWrite = () => useContext(CanWrite);

/** The shell's attribute that tells the browser's islands the screen is read-only. */
export const READ_ONLY_ATTRIBUTE = "data-somente-consulta";
