import type { HTMLAttributes } from "react";
import { cx } from "./cx.ts";

interface CardProps extends HTMLAttributes<HTMLDivElement> {}

export function Card({ className, ...rest }: CardProps) {
  return <div {...rest} className={cx("ui-card", className)} />;
}

interface CardHeaderProps extends HTMLAttributes<HTMLDivElement> {}

export function CardHeader({ className, ...rest }: CardHeaderProps) {
  return <div {...rest} className={cx("ui-card__header", className)} />;
}

interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** Heading level; h2 under a page's h1 by default. */
  as?: "h2" | "h3" | "h4";
}

export function CardTitle({ as: Heading = "h2", className, ...rest }: CardTitleProps) {
  return <Heading {...rest} className={cx("ui-card__title", className)} />;
}

interface CardDescriptionProps extends HTMLAttributes<HTMLParagraphElement> {}

export function CardDescription({ className, ...rest }: CardDescriptionProps) {
  return <p {...rest} className={cx("ui-card__description", className)} />;
}

interface CardContentProps extends HTMLAttributes<HTMLDivElement> {}

export function CardContent({ className, ...rest }: CardContentProps) {
  return <div {...rest} className={cx("ui-card__content", className)} />;
}
