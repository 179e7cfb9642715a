// The party picker's working part (islands/lib/PartyPicker.tsx draws it closed until this loads,
// with the first pointer or focus on it): the search, the keys, the list.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Badge } from "../../src/ui/Badge";
import { cx } from "../../src/ui/cx";
import { apiPage } from "./api";
import { COMBOBOX_INPUT } from "./combobox";

/** A client or supplier as the picker shows it. */
export interface Party {
  id: number;
  nome: string;
  statusBloqueio: 0 | 1;
}

export interface PartyPickerProps {
  /** The register's list API: "/api/clients" or "/api/suppliers" (searched with ?q=). */
  endpoint: string;
  value: Party | null;
  onChange: (party: Party | null) => void;
  placeholder?: string;
  /** From Field: the input gets the label's id and the error wiring. */
  id?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-required"?: boolean | "true" | "false";
}

interface FullProps extends PartyPickerProps {
  /** What was typed before this part loaded. */
  typed?: string;
  /** The field had the focus as this part loaded: it takes it back (and opens, as a focus does). */
  focused?: boolean;
}

const SEARCH_DEBOUNCE_MS = 200;
const SHOWN = 20;

/**
 * A searchable pick over hundreds of clients or suppliers (ARIA combobox): typing asks the
 * register's API for the first matches by name, CNPJ or e-mail; blocked ones are marked, not
 * hidden (a blocked party can still be billed, DECISIONS §2).
 */
export function PartyPickerFull({ endpoint, value, onChange, placeholder, typed, focused, ...field }: FullProps) {
  const [text, setText] = useState(typed ?? value?.nome ?? "");
  const [options, setOptions] = useState<Party[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);

  // A party chosen or cleared from outside shows its name (not on mounting: what was typed before this part loaded stays).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) setText(value?.nome ?? "");
    mounted.current = true;
  }, [value?.id, value?.nome]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focused || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
  }, []);

  function search(query: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setLoading(true);
      try {
        const params = new URLSearchParams({ q: query.trim(), porPagina: String(SHOWN) });
        const page = await apiPage<Party>(`${endpoint}?${params}`, controller.signal);
        setOptions(page.rows.map(({ id, nome, statusBloqueio }) => ({ id, nome, statusBloqueio })));
        setActive(0);
      } catch {
        if (!controller.signal.aborted) setOptions([]);
      } finally {
        if (request.current === controller) setLoading(false);
      }
    }, SEARCH_DEBOUNCE_MS);
  }

  function choose(party: Party) {
    onChange(party);
    setText(party.nome);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        search(text === value?.nome ? "" : text);
      } else setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape" && open) {
      // Esc closes the list, not the dialog or page around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;

  return (
    <div className="party-picker">
      <input
        {...field}
        ref={input}
        {...COMBOBOX_INPUT}
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          setOpen(true);
          if (value) onChange(null);
          search(typed);
        }}
        onFocus={() => {
          if (!value) {
            setOpen(true);
            search(text);
          }
        }}
        onBlur={() => {
          // A click on an option lands after the blur: let it choose first.
          setTimeout(() => {
            setOpen(false);
            if (!value) setText((current) => current);
          }, 150);
        }}
        onKeyDown={onKeyDown}
      />
      {value?.statusBloqueio === 1 && (
        <span className="party-picker__blocked">
          <Badge variant="danger">Bloqueado</Badge>
        </span>
      )}
      <ul id={listId} role="listbox" className="party-picker__list" hidden={!open}>
        {options.map((party, index) => (
          <li
            key={party.id}
            id={`${listId}-${party.id}`}
            role="option"
            aria-selected={index === active}
            className={cx("party-picker__option", index === active && "party-picker__option--active")}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(party)}
          >
            <span className="ui-ellipsis">{party.nome}</span>
            {party.statusBloqueio === 1 && <Badge variant="danger">Bloqueado</Badge>}
          </li>
        ))}
        {!loading && options.length === 0 && <li className="party-picker__none">Nenhum resultado</li>}
      </ul>
    </div>
  );
}
