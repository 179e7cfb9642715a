import type { HTMLAttributes } from "react";
import { cx } from "./cx.ts";

export type BadgeVariant = "success" | "danger" | "info" | "warning" | "neutral";

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** success green, danger red, info blue, warning yellow; neutral grey by default. */
  variant?: BadgeVariant;
}

export function Badge({ variant = "neutral", className, ...rest }: BadgeProps) {
  return <span {...rest} className={cx("ui-badge", `ui-badge--${variant}`, className)} />;
}
