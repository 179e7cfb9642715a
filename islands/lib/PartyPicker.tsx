import { useId, useReducer, useRef, useState } from "react";
import { Badge } from "../../src/ui/Badge";
import { COMBOBOX_INPUT } from "./combobox";
import type { Party, PartyPickerFull as Full, PartyPickerProps } from "./PartyPickerFull";

export type { Party, PartyPickerProps };

// The search, the keys and the list (PartyPickerFull.tsx) load with the first pointer or focus on
// the field (issue 38 §7: a list page's filters start without them); until then the field is drawn
// closed, exactly as the working part draws it, and keeps what is typed.
let Loaded: typeof Full | null = null;
let loading: Promise<void> | null = null;

/** Loads the working part once; a failed load is forgotten (the next pointer or focus tries again). */
export function loadPartyPicker(): Promise<void> {
  return (loading ??= import("./PartyPickerFull").then(
    (part) => {
      Loaded = part.PartyPickerFull;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/**
 * A searchable pick over hundreds of clients or suppliers (ARIA combobox): typing asks the
 * register's API for the first matches by name, CNPJ or e-mail; blocked ones are marked, not
 * hidden (a blocked party can still be billed, DECISIONS §2).
 */
export function PartyPicker(props: PartyPickerProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const focused = useRef(false);
  if (Loaded) return <Loaded {...props} typed={typed ?? undefined} focused={focused.current} />;
  const load = () => void loadPartyPicker().then(loaded, () => {});
  return (
    <PartyPickerClosed
      {...props}
      typed={typed}
      onType={(text) => {
        setTyped(text);
        if (props.value) props.onChange(null);
        load();
      }}
      onIntent={(focus) => {
        if (focus) focused.current = true;
        load();
      }}
      onLeave={() => {
        focused.current = false;
      }}
    />
  );
}

interface ClosedProps extends PartyPickerProps {
  typed: string | null;
  onType(text: string): void;
  /** A pointer over the field, or the focus on it (true). */
  onIntent(focus: boolean): void;
  onLeave(): void;
}

/** The field as PartyPickerFull draws it closed (PartyPicker.test.tsx compares them). */
export function PartyPickerClosed({ endpoint: _endpoint, value, onChange: _onChange, placeholder, typed, onType, onIntent, onLeave, ...field }: ClosedProps) {
  const listId = useId();
  return (
    <div className="party-picker">
      <input
        {...field}
        {...COMBOBOX_INPUT}
        aria-expanded={false}
        aria-controls={listId}
        placeholder={placeholder}
        value={typed ?? value?.nome ?? ""}
        onChange={(event) => onType(event.currentTarget.value)}
        onPointerEnter={() => onIntent(false)}
        onFocus={() => onIntent(true)}
        onBlur={onLeave}
      />
      {value?.statusBloqueio === 1 && (
        <span className="party-picker__blocked">
          <Badge variant="danger">Bloqueado</Badge>
        </span>
      )}
      <ul id={listId} role="listbox" className="party-picker__list" hidden>
        <li className="party-picker__none">Nenhum resultado</li>
      </ul>
    </div>
  );
}
