import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "./cx.ts";

type ButtonVariant = "primary" | "secondary" | "ghost" | "destructive";

interface ButtonBaseProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  variant?: ButtonVariant;
  type?: "button" | "submit" | "reset";
  /** Disables the button and marks it aria-busy while an action runs. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

interface ButtonProps extends ButtonBaseProps {
  size?: "sm" | "md";
}

/** An icon-only button has no visible text, so its accessible name is required. */
interface IconButtonProps extends ButtonBaseProps {
  size: "icon";
  "aria-label": string;
}

export function Button({
  variant = "primary",
  size = "md",
  type = "button",
  loading = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps | IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx("ui-button", `ui-button--${variant}`, `ui-button--${size}`, className)}
    >
      {loading && <span className="ui-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
