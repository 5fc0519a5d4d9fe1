// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_DATABASE,
  DRAFT_KEY,
  draftOutlivedItsSession,
  dropDraftOfEndedSession,
  markBrowserSession,
} from '../../src/lib/draft-lifetime';

const draft = (fields: Record<string, unknown>) => JSON.stringify({ version: 2, values: {}, ...fields });
const token = 'a-refresh-token_123';

describe('a draft that outlived its session', () => {
  it.each([
    ["a visitor's draft", draft({ owner: null, remembered: false }), null, false, false],
    ['no draft', null, null, false, false],
    ['unreadable text (the order form drops it)', '{not json', null, false, false],
    ['Keep me signed in, its tokens still here', draft({ owner: 7, remembered: true }), token, false, false],
    [
      'Keep me signed in, its tokens gone (a refresh refused on another page)',
      draft({ owner: 7, remembered: true }),
      null,
      true,
      true,
    ],
    ['Keep me signed in, garbage where the token was', draft({ owner: 7, remembered: true }), 'not a token!', true, true],
    ['a draft saved before the rule (no flag), tokens gone', draft({ owner: 7 }), null, false, true],
    ['a draft saved before the rule (no flag), tokens here', draft({ owner: 7 }), token, false, false],
    ['without Keep me signed in, the browser still open', draft({ owner: 7, remembered: false }), null, true, false],
    ['without Keep me signed in, the browser closed since', draft({ owner: 7, remembered: false }), null, false, true],
    [
      'without Keep me signed in, the browser closed, someone else remembered here',
      draft({ owner: 7, remembered: false }),
      token,
      false,
      true,
    ],
  ])('%s', (_name, stored, rememberedRefresh, browserSessionMarked, outlived) => {
    expect(draftOutlivedItsSession({ draft: stored, rememberedRefresh, browserSessionMarked })).toBe(outlived);
  });
});

describe('at the start of a page', () => {
  const deleteDatabase = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('indexedDB', { deleteDatabase });
    localStorage.clear();
    document.cookie = 'draft_session=; Max-Age=0; Path=/';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    deleteDatabase.mockReset();
  });

  it('deletes the values and the screenshots of a draft whose browser session is over', () => {
    localStorage.setItem(DRAFT_KEY, draft({ owner: 7, remembered: false }));
    dropDraftOfEndedSession();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFT_DATABASE);
  });

  it('keeps it while the browser session that typed it lasts', () => {
    localStorage.setItem(DRAFT_KEY, draft({ owner: 7, remembered: false }));
    markBrowserSession();
    dropDraftOfEndedSession();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(deleteDatabase).not.toHaveBeenCalled();
  });

  it('keeps a Keep me signed in draft while its tokens are kept', () => {
    localStorage.setItem(DRAFT_KEY, draft({ owner: 7, remembered: true }));
    localStorage.setItem('refresh_token', token);
    dropDraftOfEndedSession();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    localStorage.removeItem('refresh_token');
    dropDraftOfEndedSession();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
