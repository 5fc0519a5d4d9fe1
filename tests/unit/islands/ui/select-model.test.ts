// @vitest-environment node
import {
  activeMenuRow,
  activeRow,
  emptyMessage,
  includesValue,
  initialSelectState,
  inputText,
  keyEvent,
  labelOf,
  LOAD_MORE,
  menuRows,
  optionId,
  pageOptions,
  selectionSummary,
  selectReducer,
  toggleValue,
  type SelectEvent,
  type SelectOption,
  type SelectState,
} from '../../../../src/islands/ui/select-model';

const shops: SelectOption<number>[] = ['Amazon', 'ASOS', 'Nike', 'Gymshark', 'IKEA', 'REI', 'Sephora', 'Best Buy'].map(
  (label, i) => ({ value: i + 1, label }),
);
const same = (a: number, b: number) => a === b;

function run(events: SelectEvent<number>[], from: SelectState<number> = initialSelectState<number>()): SelectState<number> {
  return events.reduce(selectReducer<number>, from);
}

/** An open Select showing the first page of the fixed list: five options and Load more. */
function opened(): SelectState<number> {
  return run([{ type: 'open' }, { type: 'loading' }, { type: 'loaded', result: pageOptions(shops, '', 0), cumulative: true }]);
}

/** The state after a key, as the view applies it (a key with no event leaves the state as it is). */
function press(state: SelectState<number>, key: string, multiple = false): SelectState<number> {
  const event = keyEvent(state, key, multiple);
  return event ? selectReducer(state, event) : state;
}

function activeLabel(state: SelectState<number>): string | undefined {
  const row = activeMenuRow(state);
  return row === LOAD_MORE ? 'Load more' : row === undefined ? undefined : state.result.options[row]?.label;
}

describe('the Select model: opening and typing', () => {
  it('starts closed with nothing typed, loaded or active beyond the first row', () => {
    const state = initialSelectState<number>();
    expect(state).toMatchObject({ open: false, text: '', typing: false, search: '', page: 0, busy: false, active: 0 });
    expect(menuRows(state)).toEqual([]);
    expect(activeMenuRow(state)).toBeUndefined();
  });

  it('opens with ArrowDown or ArrowUp, and leaves Home, End, Enter and Escape to the browser while closed', () => {
    const closed = initialSelectState<number>();
    expect(keyEvent(closed, 'ArrowDown', false)).toEqual({ type: 'open' });
    expect(keyEvent(closed, 'ArrowUp', false)).toEqual({ type: 'open' });
    for (const key of ['Home', 'End', 'Enter', 'Escape', 'Tab', 'a']) expect(keyEvent(closed, key, false)).toBeNull();
  });

  it('typing shows the text, opens the menu and makes the first row active; the search waits for the debounce', () => {
    const state = run([{ type: 'type', text: 'ni' }], { ...opened(), active: 3 });
    expect(state).toMatchObject({ open: true, text: 'ni', typing: true, active: 0, search: '' });
    expect(inputText(state, false, ['Amazon'])).toBe('ni');
    const searched = run([{ type: 'search', text: 'ni' }], { ...state, page: 2 });
    expect(searched).toMatchObject({ search: 'ni', page: 0 });
  });

  it('filters a fixed list by label, case-insensitively, 5 a page', () => {
    expect(pageOptions(shops, ' as ', 0).options.map((o) => o.label)).toEqual(['ASOS']);
    expect(pageOptions(shops, '', 0)).toMatchObject({ hasMore: true });
    expect(pageOptions(shops, '', 0).options).toHaveLength(5);
    expect(pageOptions(shops, '', 1)).toMatchObject({ hasMore: false });
  });
});

describe('the Select model: the active row', () => {
  it('moves down and up one row, stopping at the ends (no wrap), Load more counting as the last row', () => {
    let state = opened();
    expect(activeLabel(state)).toBe('Amazon');
    state = press(state, 'ArrowUp');
    expect(activeLabel(state)).toBe('Amazon');
    state = press(state, 'ArrowDown');
    expect(activeLabel(state)).toBe('ASOS');
    for (let i = 0; i < 4; i += 1) state = press(state, 'ArrowDown');
    expect(activeLabel(state)).toBe('Load more');
    state = press(state, 'ArrowDown');
    expect(activeLabel(state)).toBe('Load more');
    expect(state.active).toBe(5);
  });

  it('jumps to the first row with Home and the last with End', () => {
    let state = press(opened(), 'End');
    expect(activeLabel(state)).toBe('Load more');
    state = press(state, 'Home');
    expect(activeLabel(state)).toBe('Amazon');
  });

  it('holds the active row to the rows shown when fewer are loaded', () => {
    const state = run([{ type: 'loaded', result: pageOptions(shops, 'i', 0), cumulative: true }], { ...opened(), active: 5 });
    expect(menuRows(state)).toEqual([0, 1, 2]);
    expect(activeRow(state)).toBe(2);
    expect(activeLabel(state)).toBe('REI');
  });

  it('points at no row when the menu is closed or lists nothing', () => {
    expect(activeMenuRow({ ...opened(), open: false })).toBeUndefined();
    const empty = run([{ type: 'loaded', result: { options: [], hasMore: false }, cumulative: true }], opened());
    expect(activeMenuRow(empty)).toBeUndefined();
    expect(keyEvent(empty, 'Enter', false)).toBeNull();
  });

  it('names the rows for aria-activedescendant', () => {
    expect(optionId('portal', 2)).toBe('portal-opt-2');
    expect(optionId('portal', LOAD_MORE)).toBe('portal-more');
  });
});

describe('the Select model: choosing and closing', () => {
  it('chooses the active row with Enter; a single Select then closes and forgets the search, keeping the active row', () => {
    const state = press(press({ ...opened(), text: 'a', search: 'a', typing: true }, 'ArrowDown'), 'Enter');
    expect(keyEvent(press(opened(), 'ArrowDown'), 'Enter', false)).toEqual({ type: 'choose', row: 1, multiple: false });
    expect(state).toMatchObject({ open: false, typing: false, text: '', search: '', page: 0, active: 1 });
  });

  it('keeps a multiple Select open after a choice', () => {
    const state = opened();
    expect(run([{ type: 'choose', row: 2, multiple: true }], state)).toBe(state);
  });

  it('loads the next page when Load more is chosen, by Enter or a click', () => {
    const atMore = press(opened(), 'End');
    expect(keyEvent(atMore, 'Enter', false)).toEqual({ type: 'choose', row: LOAD_MORE, multiple: false });
    const next = press(atMore, 'Enter');
    expect(next).toMatchObject({ open: true, page: 1 });
  });

  it('ignores a choice of a row that is not loaded', () => {
    const state = opened();
    expect(run([{ type: 'choose', row: 9, multiple: false }], state)).toBe(state);
  });

  it('closes with Escape, as on blur, emptying the typed text', () => {
    const typed = run([{ type: 'type', text: 'nik' }], opened());
    expect(press(typed, 'Escape')).toMatchObject({ open: false, typing: false, text: '', search: '', page: 0 });
    expect(run([{ type: 'close' }], typed)).toEqual(press(typed, 'Escape'));
  });

  it('leaves Tab to the browser: focus moves on and the blur closes the menu without a choice', () => {
    expect(keyEvent(opened(), 'Tab', false)).toBeNull();
  });

  it('adds a value to a multiple selection, or takes it out if it was there', () => {
    expect(toggleValue([1, 2], 3, same)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2, 3], 2, same)).toEqual([1, 3]);
    expect(includesValue([{ id: 1 }], { id: 1 }, (a, b) => a.id === b.id)).toBe(true);
  });
});

describe('the Select model: loading pages', () => {
  it('is busy from the start of a load to its end, and empties the menu when the load fails', () => {
    const loading = run([{ type: 'loading' }], opened());
    expect(loading.busy).toBe(true);
    expect(run([{ type: 'failed' }], loading)).toMatchObject({ busy: false, result: { options: [], hasMore: false } });
  });

  it("replaces a fixed list's pages (they come whole) and appends a server's pages after the first", () => {
    const fixed = run(
      [
        { type: 'choose', row: LOAD_MORE, multiple: false },
        { type: 'loaded', result: pageOptions(shops, '', 1), cumulative: true },
      ],
      opened(),
    );
    expect(fixed.result.options).toHaveLength(8);
    const server = run(
      [
        { type: 'choose', row: LOAD_MORE, multiple: false },
        { type: 'loaded', result: { options: shops.slice(5), hasMore: false }, cumulative: false },
      ],
      opened(),
    );
    expect(server.result).toEqual({ options: shops, hasMore: false });
    const firstAgain = run(
      [{ type: 'loaded', result: { options: shops.slice(0, 2), hasMore: true }, cumulative: false }],
      opened(),
    );
    expect(firstAgain.result.options.map((o) => o.label)).toEqual(['Amazon', 'ASOS']);
  });

  it('asks for the next page when the list is scrolled to its end, unless busy or at the last page', () => {
    expect(run([{ type: 'scrolled-to-end' }], opened()).page).toBe(1);
    const busy = run([{ type: 'loading' }], opened());
    expect(run([{ type: 'scrolled-to-end' }], busy)).toBe(busy);
    const last = run([{ type: 'loaded', result: pageOptions(shops, '', 1), cumulative: true }], opened());
    expect(run([{ type: 'scrolled-to-end' }], last)).toBe(last);
  });

  it('remembers the last 200 options loaded, to name a selected value of a server list', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ value: i, label: `Shop ${i}` }));
    const state = run([{ type: 'loaded', result: { options: many, hasMore: false }, cumulative: false }]);
    expect(state.known).toHaveLength(200);
    expect(labelOf(state, [], 249, same)).toBe('Shop 249');
    expect(labelOf(state, [], 10, same)).toBe('');
    expect(labelOf(state, shops, 3, same)).toBe('Nike');
  });
});

describe('the Select model: what the field shows and announces', () => {
  it('shows the selected label of a single Select and nothing in a multiple one', () => {
    const state = initialSelectState<number>();
    expect(inputText(state, false, ['REI'])).toBe('REI');
    expect(inputText(state, false, [])).toBe('');
    expect(inputText(state, true, ['REI', 'Nike'])).toBe('');
  });

  it('announces Loading… or No options when the open menu lists nothing', () => {
    const open = run([{ type: 'open' }]);
    expect(emptyMessage(open, false)).toBe('No options');
    expect(emptyMessage(open, true)).toBe('Loading…');
    expect(emptyMessage(run([{ type: 'loading' }], open), false)).toBe('Loading…');
    expect(emptyMessage(opened(), false)).toBeNull();
    expect(emptyMessage(initialSelectState<number>(), false)).toBeNull();
  });

  it('summarises more than three selections', () => {
    expect(selectionSummary(['A', 'B', 'C'])).toBe('A, B, C');
    expect(selectionSummary(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C + 2 selected');
  });
});
