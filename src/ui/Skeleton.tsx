import type { CSSProperties } from "react";
import { cx } from "./cx.ts";

export interface SkeletonProps {
  /** Number = pixels, string = any CSS length; full width by default. */
  width?: number | string;
  /** Number = pixels, string = any CSS length; one line of text by default. */
  height?: number | string;
  /** Pill-shaped ends, e.g. for a badge or avatar placeholder. */
  rounded?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** A shimmering placeholder; hidden from assistive technology (mark the loading region aria-busy). */
export function Skeleton({ width, height, rounded, className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx("ui-skeleton", rounded && "ui-skeleton--rounded", className)}
      style={{ ...style, width, height }}
    />
  );
}
