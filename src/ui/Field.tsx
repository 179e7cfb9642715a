import { cloneElement, useId, type ReactElement, type ReactNode } from "react";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";

/** What Field hands to its control: the id the label points at and the ARIA wiring. */
interface FieldControlProps {
  id?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-required"?: boolean | "true" | "false";
}

interface FieldProps {
  label: ReactNode;
  /** Validation message shown under the control; marks the control aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Shows a required marker and sets aria-required on the control. */
  required?: boolean;
  className?: string;
  /** The control (Input, Select, textarea ...); it receives id and the ARIA attributes. */
  children: ReactElement<FieldControlProps>;
}

export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const baseId = useId();
  const controlId = children.props.id ?? `${baseId}-control`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const describedBy = [children.props["aria-describedby"], error ? errorId : null, hint ? hintId : null]
    .filter(Boolean)
    .join(" ");

  const control = cloneElement(children, {
    id: controlId,
    "aria-invalid": error ? true : children.props["aria-invalid"],
    "aria-describedby": describedBy || undefined,
    "aria-required": required || children.props["aria-required"],
  });

  return (
    <div className={cx("ui-field", className)} data-invalid={error ? "" : undefined}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control}
      {error && (
        <p className="ui-field__error" id={errorId}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
      {hint && (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
