import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './select.css';

/** One choice of a Select. */
export interface SelectOption<V> {
  value: V;
  label: string;
}

/** One page of options for a search. */
export interface OptionPage<V> {
  options: SelectOption<V>[];
  hasMore: boolean;
}

/** Options shown per page (SPEC section 9). */
export const PAGE_SIZE = 5;
/** Delay before a typed search runs (SPEC section 9). */
const SEARCH_DEBOUNCE_MS = 500;
/** Selections named before the '+ N selected' summary (SPEC section 5). */
const SHOWN_SELECTIONS = 3;

/** Pages a fixed option list by a case-insensitive search on the label. */
export function pageOptions<V>(options: readonly SelectOption<V>[], search: string, page: number, size = PAGE_SIZE): OptionPage<V> {
  const needle = search.trim().toLowerCase();
  const matching = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  return { options: matching.slice(0, (page + 1) * size), hasMore: matching.length > (page + 1) * size };
}

/** The text of a multiple selection: the first three labels, then '+ N selected'. */
export function selectionSummary(labels: readonly string[]): string {
  const shown = labels.slice(0, SHOWN_SELECTIONS).join(', ');
  const rest = labels.length - SHOWN_SELECTIONS;
  return rest > 0 ? `${shown} + ${rest} selected` : shown;
}

interface CommonProps<V> {
  /** The visible label; the combobox input is labelled by it. */
  label: string;
  /** Form field name (formik path). */
  name: string;
  /** A fixed list, searched and paged here; or use loadOptions. */
  options?: readonly SelectOption<V>[];
  /** Loads one page (0-based) of options for a search, for lists that live on a server. */
  loadOptions?: (search: string, page: number) => Promise<OptionPage<V>>;
  /** Compares two values (default: ===). */
  isEqual?: (a: V, b: V) => boolean;
  placeholder?: string;
  /** A validation message to show and link. */
  error?: string;
  /** Ids of hint texts that describe the field. */
  describedBy?: string;
  disabled?: boolean;
  /** True while the options are loading. */
  loading?: boolean;
  onBlur?: () => void;
  id?: string;
}

interface SingleProps<V> extends CommonProps<V> {
  multiple?: false;
  value: V | null;
  onChange: (value: V | null) => void;
}

interface MultipleProps<V> extends CommonProps<V> {
  multiple: true;
  value: V[];
  onChange: (value: V[]) => void;
}

/** Props of the Select: single or multiple. */
export type SelectProps<V> = SingleProps<V> | MultipleProps<V>;

const LOAD_MORE = -1;

/** The one shared select: an accessible combobox with a debounced search, 5-a-page loading and a multiple mode. */
export function Select<V>(props: SelectProps<V>): ReactNode {
  const { label, name, options, loadOptions, placeholder, error, describedBy, disabled, loading, onBlur } = props;
  const isEqual = useMemo(() => props.isEqual ?? ((a: V, b: V) => a === b), [props.isEqual]);
  const autoId = useId();
  const id = props.id ?? `select-${autoId.replace(/:/g, '')}`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const summaryId = `${id}-summary`;

  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<OptionPage<V>>({ options: [], hasMore: false });
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const [typing, setTyping] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const known = useRef<SelectOption<V>[]>([]);

  const selected: V[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const labelOf = useCallback(
    (value: V): string => [...(options ?? []), ...known.current].find((o) => isEqual(o.value, value))?.label ?? '',
    [options, isEqual],
  );
  const selectedLabels = selected.map(labelOf).filter(Boolean);

  useEffect(() => {
    // Without a change to search for, a timer would only throw away the pages already loaded.
    if (text === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(text);
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    const load = loadOptions ?? ((s: string, p: number) => Promise.resolve(pageOptions(options ?? [], s, p)));
    setBusy(true);
    load(search, page)
      .then((next) => {
        if (!current) return;
        known.current = [...known.current, ...next.options].slice(-200);
        setResult((prev) => (page === 0 || loadOptions === undefined ? next : { options: [...prev.options, ...next.options], hasMore: next.hasMore }));
      })
      .catch(() => {
        if (current) setResult({ options: [], hasMore: false });
      })
      .finally(() => {
        if (current) setBusy(false);
      });
    return () => {
      current = false;
    };
  }, [open, search, page, options, loadOptions]);

  const indexes = result.options.map((_, i) => i);
  const rows = result.hasMore ? [...indexes, LOAD_MORE] : indexes;
  const activeRow = Math.min(active, Math.max(rows.length - 1, 0));
  const optionId = (row: number) => (row === LOAD_MORE ? `${id}-more` : `${id}-opt-${row}`);

  useEffect(() => {
    if (!open) return;
    const row = rows[activeRow];
    if (row === undefined) return;
    document.getElementById(optionId(row))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeRow, open]);

  const close = () => {
    setOpen(false);
    setTyping(false);
    setText('');
    // The search box is emptied, so the next opening lists from the start rather than the old matches.
    setSearch('');
    setPage(0);
  };

  const choose = (row: number) => {
    if (row === LOAD_MORE) {
      setPage((p) => p + 1);
      return;
    }
    const option = result.options[row];
    if (!option) return;
    if (props.multiple) {
      const has = props.value.some((v) => isEqual(v, option.value));
      props.onChange(has ? props.value.filter((v) => !isEqual(v, option.value)) : [...props.value, option.value]);
    } else {
      props.onChange(option.value);
      close();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.min(activeRow + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.max(activeRow - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(rows.length - 1);
        }
        break;
      case 'Enter': {
        const row = rows[activeRow];
        if (open && row !== undefined) {
          event.preventDefault();
          choose(row);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      default:
        break;
    }
  };

  const onScroll = () => {
    const list = listRef.current;
    if (!list || busy || !result.hasMore) return;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 4) setPage((p) => p + 1);
  };

  const shownText = typing ? text : props.multiple ? '' : (selectedLabels[0] ?? '');
  const described = [describedBy, props.multiple && selected.length ? summaryId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  const activeId = open && rows[activeRow] !== undefined ? optionId(rows[activeRow] as number) : undefined;

  return (
    <div className={`select${open ? ' select--open' : ''}${error ? ' select--invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="select__control">
        <input
          id={id}
          name={name}
          className="select__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          aria-busy={loading || busy ? true : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={shownText}
          onChange={(event) => {
            setText(event.target.value);
            setTyping(true);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onFocus={(event) => event.target.select()}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <span className="select__arrow" aria-hidden="true" />
      </div>
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        // Named apart from the field so that the label finds only the combobox input.
        aria-label="Options"
        aria-multiselectable={props.multiple ? true : undefined}
        className="select__menu"
        hidden={!open}
        onScroll={onScroll}
      >
        {result.options.map((option, row) => {
          const isSelected = selected.some((v) => isEqual(v, option.value));
          return (
            // Keys reach options through the combobox input (aria-activedescendant), not the options themselves.
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
            <li
              key={`${row}-${option.label}`}
              id={optionId(row)}
              role="option"
              aria-selected={isSelected}
              className={`select__option${row === activeRow ? ' select__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(row)}
            >
              {option.label}
            </li>
          );
        })}
        {result.hasMore ? (
          // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
          <li
            id={optionId(LOAD_MORE)}
            role="option"
            aria-selected={false}
            className={`select__option select__more${activeRow === result.options.length ? ' select__option--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(LOAD_MORE)}
          >
            Load more
          </li>
        ) : null}
      </ul>
      {open && result.options.length === 0 ? (
        <p className="select__empty" role="status">
          {busy || loading ? 'Loading…' : 'No options'}
        </p>
      ) : null}
      {props.multiple && selected.length ? (
        <p id={summaryId} className="select__summary">
          {selectionSummary(selectedLabels)}
        </p>
      ) : null}
      <p id={errorId} className="field-error field-error--slot">
        {error}
      </p>
    </div>
  );
}
