import type { ChangeEvent, Ref, SelectHTMLAttributes } from "react";
import { cx } from "./cx.ts";

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  options: readonly SelectOption[];
  /** A first, empty-valued option such as "Selecione...". */
  placeholder?: string;
  onValueChange?: (value: string) => void;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ options, placeholder, onChange, onValueChange, className, ...rest }: SelectProps) {
  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    onChange?.(event);
    onValueChange?.(event.currentTarget.value);
  }

  return (
    <select {...rest} className={cx("ui-select", className)} onChange={handleChange}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
