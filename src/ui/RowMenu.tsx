import { useId, useReducer, useRef, useState, type KeyboardEvent } from "react";
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
let loading: Promise<void> | null = null;

/** Loads the open menu's code once; a failed load is forgotten (the next try loads again). */
export function loadRowMenu(): Promise<void> {
  return (loading ??= import("./RowMenuList.tsx").then(
    (part) => {
      RowMenuList = part.RowMenuList;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

const preload = () => void loadRowMenu().catch(() => {});

/**
 * A row's secondary actions behind one "⋯" button (the primary one stays visible beside it), so
 * the name column keeps its width. A menu button (ARIA APG): opens on click, Enter, Space or
 * ArrowDown with the first item focused (ArrowUp: the last); the list's keys and placing are
 * RowMenuList's.
 */
export function RowMenu({ rowName, items }: RowMenuProps) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const show = (at: "first" | "last") => {
    setOpen(at);
    if (RowMenuList) return;
    loadRowMenu().then(loaded, () => {
      setOpen(false);
      toast({ title: "Não foi possível abrir", description: "Verifique a conexão e tente de novo.", variant: "destructive" });
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
        // APG's menu button: aria-expanded only while the menu shows (absent, not "false", when
        // closed: a row's bytes, issue 38 §1).
        aria-expanded={open ? true : undefined}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show("first"))}
        onKeyDown={onTriggerKey}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <ActionIcon name="more" />
      </button>
      {open && RowMenuList && <RowMenuList id={menuId} rowName={rowName} items={items} open={open} trigger={trigger} close={close} />}
    </>
  );
}
