import { cloneElement, useId, type ReactElement } from "react";


interface TooltipProps {
  /** Words that say more than the trigger's own name (a blocked client's reason). */
  content: string;
  /** The trigger: one focusable element; it gets data-tip and aria-describedby. */
  children: ReactElement<{ "aria-describedby"?: string; "data-tip"?: string }>;
}

/**
 * A tooltip whose words the trigger's name does not carry: shown in the page's one bubble
 * (src/ui/page-tooltip.ts, by `data-tip`) and, for screen readers, the trigger's description, from a
 * hidden element beside it. A button whose tooltip is its own name (a row's icon action) needs
 * only `data-tip` (IconAction).
 */
export function Tooltip({ content, children }: TooltipProps) {
  const id = useId();
  const describedBy = [children.props["aria-describedby"], id].filter(Boolean).join(" ");
  return (
    <>
      {cloneElement(children, { "data-tip": content, "aria-describedby": describedBy })}
      <span id={id} hidden>
        {content}
      </span>
    </>
  );
}
