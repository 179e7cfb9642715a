import type { SVGProps } from "react";
import { cx } from "./cx.ts";
import type { IconName } from "./IconSprite.tsx";

export type { IconName } from "./IconSprite.tsx";

interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  name: IconName;
  /** Pixel size of both sides; 20 by default; null: the stylesheet's (a row's icon buttons, issue 38 §1). */
  size?: number | string | null;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  label?: string;
}

/**
 * A row's icon button's icon: the bare reference, no class or aria (issue 38 §1: a row carries
 * two). The button names itself (aria-label) and its children are presentational; icon.css and
 * button.css style `.ui-icon-action > svg`.
 */
export function ActionIcon({ name }: { name: IconName }) {
  return (
    <svg>
      <use href={`#i-${name}`} />
    </svg>
  );
}

/**
 * An icon is a reference into the page's one sprite (IconSprite, rendered once by the page
 * document): a few bytes per use instead of the whole drawing per row. Stroke settings live
 * in icon.css.
 */
export function Icon({ name, size = 20, label, className, ...rest }: IconProps) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const };
  return (
    <svg {...rest} {...a11y} className={cx("ui-icon", className)} width={size ?? undefined} height={size ?? undefined}>
      <use href={`#i-${name}`} />
    </svg>
  );
}
