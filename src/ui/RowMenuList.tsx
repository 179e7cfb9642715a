// The open "⋯" menu: src/ui/RowMenu.tsx's, or the ledger's one for the page (its rows are HTML,
// islands/ledger/rows.ts). Loaded with the first pointer or focus on a row's "⋯" button, or its
// first opening (issue 38 §7: a list page's start carries only the buttons).
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { cx } from "./cx.ts";
import { Icon, type IconName } from "./Icon.tsx";

export interface RowMenuItem {
  /** The verb: "Excluir". The menu names its row, so items need not. */
  label: string;
  icon: IconName;
  onSelect: () => void;
  danger?: boolean;
}

const GAP = 4;

interface RowMenuListProps {
  /** The "⋯" button it opened from. */
  anchor: HTMLElement;
  /** "Ações para Padaria Pão Quente". */
  label: string;
  items: RowMenuItem[];
  /** Which item takes the focus as it opens. */
  focus: "first" | "last";
  /** Closed: by Esc (the focus already back on the button), Tab, a click outside or an item. */
  onClose(): void;
}

/**
 * The list beside its button, `position: fixed` (following it as the page scrolls), so a
 * scrolling table or its sticky header never clips it; it flips above the button when there is no
 * room below, and stays inside a phone's width. Arrows, Home and End move; Esc closes and gives
 * focus back; Tab or a click outside closes. While it shows, the button says so (APG's menu
 * button: `aria-expanded`, `aria-controls`; absent when closed, a row's bytes, issue 38 §1).
 */
export function RowMenuList({ anchor, label, items, focus, onClose }: RowMenuListProps) {
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) anchor.focus();
  };

  // Beside the button (CSSOM, which the CSP allows); again when the page scrolls or resizes.
  const place = () => {
    const list = menu.current;
    if (!list) return;
    const at = anchor.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = list;
    const below = at.bottom + GAP + height <= innerHeight || at.top - GAP - height < 0;
    list.style.top = `${below ? at.bottom + GAP : at.top - GAP - height}px`;
    list.style.left = `${Math.max(GAP, Math.min(at.right - width, innerWidth - width - GAP))}px`;
  };

  useLayoutEffect(() => {
    if (!menu.current) return;
    anchor.setAttribute("aria-expanded", "true");
    anchor.setAttribute("aria-controls", menuId);
    place();
    const entries = menu.current.querySelectorAll<HTMLElement>('[role="menuitem"]');
    // No scrolling to it: the menu is already where the button is.
    (focus === "last" ? entries[entries.length - 1] : entries[0])?.focus({ preventScroll: true });
    return () => {
      anchor.removeAttribute("aria-expanded");
      anchor.removeAttribute("aria-controls");
    };
  }, [anchor, focus]);

  // A click elsewhere closes it (a click on its button toggles it: the button's own handler); it
  // follows its button when the page scrolls or resizes.
  useEffect(() => {
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) close(false);
    };
    document.addEventListener("pointerdown", outside);
    addEventListener("resize", place);
    addEventListener("scroll", place, true);
    return () => {
      document.removeEventListener("pointerdown", outside);
      removeEventListener("resize", place);
      removeEventListener("scroll", place, true);
    };
  }, [anchor]);

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(entries.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") return close(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div ref={menu} id={menuId} role="menu" aria-label={label} className="ui-row-menu" onKeyDown={onMenuKey}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={cx("ui-row-menu__item", item.danger && "ui-row-menu__item--danger")}
          onClick={() => {
            // Focus goes back to the row first, so a dialog the action opens returns it there.
            close(true);
            item.onSelect();
          }}
        >
          <Icon name={item.icon} size={16} />
          {item.label}
        </button>
      ))}
    </div>
  );
}
