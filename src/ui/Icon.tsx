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
