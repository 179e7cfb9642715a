import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "./cx.ts";

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  value: string;
  onValueChange: (id: string) => void;
  /** The active panel's content, either computed... */
  children?: (activeId: string) => ReactNode;
  /** ...or looked up by tab id. */
  panels?: Partial<Record<string, ReactNode>>;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

/** ARIA tabs with automatic activation: arrows, Home and End move focus and select. */
export function Tabs({ tabs, value, onValueChange, children, panels, label, className }: TabsProps) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === value),
  );
  const active = tabs[activeIndex];
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? activeIndex === last ? 0 : activeIndex + 1
        : event.key === "ArrowLeft"
          ? activeIndex === 0 ? last : activeIndex - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    tabRefs.current.get(target.id)?.focus();
    if (target.id !== value) onValueChange(target.id);
  }

  return (
    <div className={cx("ui-tabs", className)}>
      <div className="ui-tabs__list" role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
        {tabs.map((tab, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => {
                if (!selected) onValueChange(tab.id);
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={panelId(active.id)}
          aria-labelledby={tabId(active.id)}
          tabIndex={0}
          className="ui-tabs__panel"
        >
          {children ? children(active.id) : panels?.[active.id]}
        </div>
      )}
    </div>
  );
}
