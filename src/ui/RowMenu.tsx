import { useReducer, useRef, useState, type KeyboardEvent } from "react";
import { ActionIcon } from "./Icon.tsx";
import type { RowMenuItem, RowMenuList as List } from "./RowMenuList.tsx";
import { toast } from "./toast.ts";

export type { RowMenuItem };

interface RowMenuProps {
  /** The row the menu acts on: the button is "Mais ações para Padaria Pão Quente". */
  rowName: string;
  items: RowMenuItem[];
}

// The open menu's code (placing, keys, items: src/ui/RowMenuList.tsx) is not the page's: it loads
// with the first pointer or focus on a "⋯" button, or at the latest with the first opening.
let RowMenuList: typeof List | null = null;
let loading: Promise<typeof List> | null = null;

/** Loads the open menu's code once; a failed load is forgotten (the next try loads again). */
export function loadRowMenu(): Promise<typeof List> {
  return (loading ??= import("./RowMenuList.tsx").then(
    (part) => (RowMenuList = part.RowMenuList),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** The open menu's component once loaded (null before). */
export const loadedRowMenu = (): typeof List | null => RowMenuList;

/** Fetches the menu's code ahead (a pointer or the focus on a "⋯" button). */
export const preloadRowMenu = (): void => void loadRowMenu().catch(() => {});

/** The menu's code did not arrive: said once, the menu stays closed. */
export const rowMenuFailed = (): void => {
  toast({ title: "Não foi possível abrir", description: "Verifique a conexão e tente de novo.", variant: "destructive" });
};

/**
 * A row's secondary actions behind one "⋯" button (the primary one stays visible beside it), so
 * the name column keeps its width. A menu button (ARIA APG): opens on click, Enter, Space or
 * ArrowDown with the first item focused (ArrowUp: the last); the list's keys, placing and the
 * button's aria-expanded are RowMenuList's.
 */
export function RowMenu({ rowName, items }: RowMenuProps) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const trigger = useRef<HTMLButtonElement>(null);

  const show = (at: "first" | "last") => {
    setOpen(at);
    if (RowMenuList) return;
    loadRowMenu().then(loaded, () => {
      setOpen(false);
      rowMenuFailed();
    });
  };

  function onTriggerKey(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="ui-icon-action"
        aria-label={`Mais ações para ${rowName}`}
        aria-haspopup="menu"
        onClick={() => (open ? setOpen(false) : show("first"))}
        onKeyDown={onTriggerKey}
        onPointerEnter={preloadRowMenu}
        onFocus={preloadRowMenu}
      >
        <ActionIcon name="more" />
      </button>
      {open && RowMenuList && trigger.current && <RowMenuList anchor={trigger.current} label={`Ações para ${rowName}`} items={items} focus={open} onClose={() => setOpen(false)} />}
    </>
  );
}
