import { useEffect, useId, useMemo, useReducer, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  activeMenuRow,
  activeRow,
  emptyMessage,
  includesValue,
  initialSelectState,
  inputText,
  keyEvent,
  labelOf,
  menuRows,
  optionAt,
  optionId,
  pageOptions,
  SEARCH_DEBOUNCE_MS,
  selectionSummary,
  selectReducer,
  toggleValue,
  type OptionPage,
  type SelectEvent,
  type SelectOption,
} from './select-model';
import './select.css';

export { pageOptions, selectionSummary, type OptionPage, type SelectOption } from './select-model';

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

/** The one shared select: an accessible combobox with a debounced search, 5-a-page loading and a multiple mode. */
export function Select<V>(props: SelectProps<V>): ReactNode {
  const { label, name, options, loadOptions, placeholder, error, describedBy, disabled, loading, onBlur } = props;
  const isEqual = useMemo(() => props.isEqual ?? ((a: V, b: V) => a === b), [props.isEqual]);
  const autoId = useId();
  const id = props.id ?? `select-${autoId.replace(/:/g, '')}`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const summaryId = `${id}-summary`;
  const multiple = props.multiple === true;

  const [state, dispatch] = useReducer(selectReducer<V>, undefined, initialSelectState<V>);
  const { open, text, search, page, busy } = state;
  const listRef = useRef<HTMLUListElement>(null);

  const selected: V[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const selectedLabels = selected.map((value) => labelOf(state, options ?? [], value, isEqual)).filter(Boolean);

  useEffect(() => {
    // Without a change to search for, a timer would only throw away the pages already loaded.
    if (text === search) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'search', text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    const load = loadOptions ?? ((s: string, p: number) => Promise.resolve(pageOptions(options ?? [], s, p)));
    dispatch({ type: 'loading' });
    load(search, page)
      .then((next) => {
        if (current) dispatch({ type: 'loaded', result: next, cumulative: loadOptions === undefined });
      })
      .catch(() => {
        if (current) dispatch({ type: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [open, search, page, options, loadOptions]);

  const row = activeRow(state);
  const activeMenu = activeMenuRow(state);

  useEffect(() => {
    // Keeps the active row in view when it moves or the menu opens; the DOM marks it after the render.
    if (open) listRef.current?.querySelector('.select__option--active')?.scrollIntoView?.({ block: 'nearest' });
  }, [row, open]);

  const send = (event: SelectEvent<V>) => {
    const option = event.type === 'choose' ? optionAt(state, event.row) : undefined;
    if (option) {
      if (props.multiple) props.onChange(toggleValue(props.value, option.value, isEqual));
      else props.onChange(option.value);
    }
    dispatch(event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = keyEvent(state, event.key, multiple);
    if (!next) return;
    event.preventDefault();
    send(next);
  };

  const onScroll = () => {
    const list = listRef.current;
    if (list && list.scrollTop + list.clientHeight >= list.scrollHeight - 4) dispatch({ type: 'scrolled-to-end' });
  };

  const described = [describedBy, multiple && selected.length ? summaryId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  const empty = emptyMessage(state, loading === true);

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
          aria-activedescendant={activeMenu === undefined ? undefined : optionId(id, activeMenu)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          aria-busy={loading || busy ? true : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={inputText(state, multiple, selectedLabels)}
          onChange={(event) => dispatch({ type: 'type', text: event.target.value })}
          onClick={() => dispatch({ type: 'open' })}
          onFocus={(event) => event.target.select()}
          onKeyDown={onKeyDown}
          onBlur={() => {
            dispatch({ type: 'close' });
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
        aria-multiselectable={multiple ? true : undefined}
        className="select__menu"
        hidden={!open}
        onScroll={onScroll}
      >
        {menuRows(state).map((menuRow, index) => {
          const option = optionAt(state, menuRow);
          const active = index === row ? ' select__option--active' : '';
          return (
            // Keys reach options through the combobox input (aria-activedescendant): an option never has focus, so
            // a key handler on it could never run.
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
            <li
              key={option ? `${menuRow}-${option.label}` : 'more'}
              id={optionId(id, menuRow)}
              role="option"
              aria-selected={option ? includesValue(selected, option.value, isEqual) : false}
              className={option ? `select__option${active}` : `select__option select__more${active}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => send({ type: 'choose', row: menuRow, multiple })}
            >
              {option ? option.label : 'Load more'}
            </li>
          );
        })}
      </ul>
      {empty === null ? null : (
        <p className="select__empty" role="status">
          {empty}
        </p>
      )}
      {multiple && selected.length ? (
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
