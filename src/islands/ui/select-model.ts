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
export const SEARCH_DEBOUNCE_MS = 500;
/** Selections named before the '+ N selected' summary (SPEC section 5). */
const SHOWN_SELECTIONS = 3;
/** Loaded options remembered to name a selected value that is no longer listed. */
const KNOWN_LIMIT = 200;
/** The row of the 'Load more' option, after the loaded options. */
export const LOAD_MORE = -1;

/** Pages a fixed option list by a case-insensitive search on the label. */
export function pageOptions<V>(
  options: readonly SelectOption<V>[],
  search: string,
  page: number,
  size = PAGE_SIZE,
): OptionPage<V> {
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

/** What a Select holds between renders: the menu, the text typed, the pages loaded and the active row. */
export interface SelectState<V> {
  open: boolean;
  /** The text in the box while the user types; searched once it has rested SEARCH_DEBOUNCE_MS. */
  text: string;
  /** True from the first key until the menu closes: the box shows the text typed, not the selection. */
  typing: boolean;
  /** The search the loaded pages answer. */
  search: string;
  /** The last page (0-based) asked for. */
  page: number;
  result: OptionPage<V>;
  /** True while a page loads. */
  busy: boolean;
  /** The active row as last set; activeRow() holds it to the rows shown. */
  active: number;
  /** Options seen in loaded pages, to name a selected value of a server list. */
  known: SelectOption<V>[];
}

/** What happens to a Select: keys, clicks, the debounce and the page loads. */
export type SelectEvent<V> =
  | { type: 'open' }
  | { type: 'type'; text: string }
  | { type: 'search'; text: string }
  | { type: 'move'; to: 'next' | 'previous' | 'first' | 'last' }
  | { type: 'choose'; row: number; multiple: boolean }
  | { type: 'close' }
  | { type: 'scrolled-to-end' }
  | { type: 'loading' }
  | { type: 'loaded'; result: OptionPage<V>; cumulative: boolean }
  | { type: 'failed' };

/** A closed Select with nothing typed or loaded. */
export function initialSelectState<V>(): SelectState<V> {
  return {
    open: false,
    text: '',
    typing: false,
    search: '',
    page: 0,
    result: { options: [], hasMore: false },
    busy: false,
    active: 0,
    known: [],
  };
}

/** The rows of the menu: the index of each loaded option, then LOAD_MORE when there are more. */
export function menuRows(state: SelectState<unknown>): number[] {
  const indexes = state.result.options.map((_, i) => i);
  return state.result.hasMore ? [...indexes, LOAD_MORE] : indexes;
}

/** The active position in the menu rows: the one last set, held to the rows shown. */
export function activeRow(state: SelectState<unknown>): number {
  return Math.min(state.active, Math.max(menuRows(state).length - 1, 0));
}

/** The row the open menu points at (an option index or LOAD_MORE), or undefined when closed or empty. */
export function activeMenuRow(state: SelectState<unknown>): number | undefined {
  return state.open ? menuRows(state)[activeRow(state)] : undefined;
}

/** The element id of a menu row. */
export function optionId(id: string, row: number): string {
  return row === LOAD_MORE ? `${id}-more` : `${id}-opt-${row}`;
}

/** The option of a menu row, or undefined for LOAD_MORE or a row not loaded. */
export function optionAt<V>(state: SelectState<V>, row: number): SelectOption<V> | undefined {
  return row === LOAD_MORE ? undefined : state.result.options[row];
}

// The menu closes with the search emptied, so the next opening lists from the start rather than the old matches.
function closed<V>(state: SelectState<V>): SelectState<V> {
  return { ...state, open: false, typing: false, text: '', search: '', page: 0 };
}

function moved<V>(state: SelectState<V>, to: 'next' | 'previous' | 'first' | 'last'): SelectState<V> {
  const last = menuRows(state).length - 1;
  const row = activeRow(state);
  const active = { next: Math.min(row + 1, last), previous: Math.max(row - 1, 0), first: 0, last }[to];
  return { ...state, active };
}

/** The next state of a Select after an event. */
export function selectReducer<V>(state: SelectState<V>, event: SelectEvent<V>): SelectState<V> {
  switch (event.type) {
    case 'open':
      return { ...state, open: true };
    case 'type':
      return { ...state, text: event.text, typing: true, active: 0, open: true };
    case 'search':
      return { ...state, search: event.text, page: 0 };
    case 'move':
      return moved(state, event.to);
    case 'choose':
      if (event.row === LOAD_MORE) return { ...state, page: state.page + 1 };
      if (!optionAt(state, event.row)) return state;
      return event.multiple ? state : closed(state);
    case 'close':
      return closed(state);
    case 'scrolled-to-end':
      return state.busy || !state.result.hasMore ? state : { ...state, page: state.page + 1 };
    case 'loading':
      return { ...state, busy: true };
    case 'loaded': {
      // A fixed list is paged by pageOptions, which returns every page so far; a server sends one page at a time.
      const replace = event.cumulative || state.page === 0;
      const result = replace
        ? event.result
        : { options: [...state.result.options, ...event.result.options], hasMore: event.result.hasMore };
      return { ...state, result, busy: false, known: [...state.known, ...event.result.options].slice(-KNOWN_LIMIT) };
    }
    case 'failed':
      return { ...state, result: { options: [], hasMore: false }, busy: false };
  }
}

/** The event a key on the combobox input stands for, or null to leave the key to the browser. */
export function keyEvent<V>(state: SelectState<V>, key: string, multiple: boolean): SelectEvent<V> | null {
  switch (key) {
    case 'ArrowDown':
      return state.open ? { type: 'move', to: 'next' } : { type: 'open' };
    case 'ArrowUp':
      return state.open ? { type: 'move', to: 'previous' } : { type: 'open' };
    case 'Home':
      return state.open ? { type: 'move', to: 'first' } : null;
    case 'End':
      return state.open ? { type: 'move', to: 'last' } : null;
    case 'Enter': {
      const row = activeMenuRow(state);
      return row === undefined ? null : { type: 'choose', row, multiple };
    }
    case 'Escape':
      return state.open ? { type: 'close' } : null;
    default:
      return null;
  }
}

/** True when a value is among the values. */
export function includesValue<V>(values: readonly V[], value: V, isEqual: (a: V, b: V) => boolean): boolean {
  return values.some((v) => isEqual(v, value));
}

/** A multiple selection with one value added, or taken out if it was there. */
export function toggleValue<V>(values: readonly V[], value: V, isEqual: (a: V, b: V) => boolean): V[] {
  return includesValue(values, value, isEqual) ? values.filter((v) => !isEqual(v, value)) : [...values, value];
}

/** The label of a value, from the fixed list or the options loaded so far ('' when unknown). */
export function labelOf<V>(
  state: SelectState<V>,
  options: readonly SelectOption<V>[],
  value: V,
  isEqual: (a: V, b: V) => boolean,
): string {
  return [...options, ...state.known].find((o) => isEqual(o.value, value))?.label ?? '';
}

/** The text in the box: what is being typed, else the selected label of a single Select (a multiple one shows its summary apart). */
export function inputText(state: SelectState<unknown>, multiple: boolean, selectedLabels: readonly string[]): string {
  if (state.typing) return state.text;
  return multiple ? '' : (selectedLabels[0] ?? '');
}

/** The status announced when the open menu lists nothing, or null. */
export function emptyMessage(state: SelectState<unknown>, loading: boolean): string | null {
  if (!state.open || state.result.options.length > 0) return null;
  return state.busy || loading ? 'Loading…' : 'No options';
}
