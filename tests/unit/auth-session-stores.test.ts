// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';

vi.mock('../../src/lib/api/users', () => ({ showDetails: vi.fn() }));
vi.mock('../../src/lib/api/addresses', () => ({ listAddresses: vi.fn(), createAddress: vi.fn(), deleteAddress: vi.fn(), restoreAddress: vi.fn() }));
vi.mock('../../src/lib/stores/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/stores/session')>();
  return { ...original, signOut: vi.fn(() => original.signOut({ redirect: false })) };
});

const usersApi = await import('../../src/lib/api/users');
const addressesApi = await import('../../src/lib/api/addresses');
const { $addresses } = await import('../../src/lib/stores/addresses');
const session = await import('../../src/lib/stores/session');
const { $currentUser, fetchCurrentUser } = await import('../../src/lib/stores/user');
const { welcomeMessage } = await import('../../src/lib/auth-messages');
const { $modal, leaveModal, openModal } = await import('../../src/lib/stores/modal');
const { takeFlashes } = await import('../../src/lib/flash');
const { modalBackground, modalHref, modalRouteOf, safeNextPath } = await import('../../src/lib/modal-routes');
const { requireSession } = await import('../../src/lib/shell/require-session');

const user = { id: 1, firstName: 'Thandi', lastName: 'Nkosi', email: 't@example.com', mobile: '', notificationMethod: 'email', birthDate: '', archivedAt: null };

beforeEach(() => {
  vi.clearAllMocks();
  session.clearTokens();
  sessionStorage.clear();
  localStorage.clear();
});

describe('current user', () => {
  it('loads once and serves the cache until revalidated', async () => {
    session.storeTokens('a', 'r', false);
    vi.mocked(usersApi.showDetails).mockResolvedValue(user);
    await Promise.all([fetchCurrentUser(), fetchCurrentUser()]);
    await fetchCurrentUser();
    const stop = $currentUser.listen(() => undefined);
    expect($currentUser.get().data).toEqual(user);
    expect(usersApi.showDetails).toHaveBeenCalledTimes(1);
    $currentUser.revalidate();
    await vi.waitFor(() => expect(usersApi.showDetails).toHaveBeenCalledTimes(2));
    stop();
  });

  it('is cleared when the access token goes', async () => {
    session.storeTokens('a', 'r', false);
    vi.mocked(usersApi.showDetails).mockResolvedValue(user);
    const stop = $currentUser.listen(() => undefined);
    await vi.waitFor(() => expect($currentUser.get().data).toEqual(user));
    session.clearTokens();
    await vi.waitFor(() => expect($currentUser.get().data).toBeUndefined());
    stop();
  });

  it('a 401 while loading the current user signs out', async () => {
    session.storeTokens('a', 'r', true);
    vi.mocked(usersApi.showDetails).mockRejectedValue(new ApiError('Request failed with status code 401', 'client', { status: 401 }));
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(ApiError);
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(session.$accessToken.get()).toBe('');
  });

  it('other failures keep the session', async () => {
    session.storeTokens('a', 'r', false);
    vi.mocked(usersApi.showDetails).mockRejectedValue(new ApiError('Server is probably offline', 'offline'));
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(ApiError);
    expect(session.signOut).not.toHaveBeenCalled();
    expect(session.$accessToken.get()).toBe('a');
  });

  it('greets by full name where it is known, else by first name', () => {
    expect(welcomeMessage(user)).toBe(`Welcome Thandi ${user.lastName}`);
    expect(welcomeMessage({ firstName: 'Thandi', lastName: ' ' })).toBe('Welcome Thandi');
    expect(welcomeMessage({ firstName: '', lastName: 'Mokoena' })).toBe('Welcome');
    expect(welcomeMessage(undefined)).toBe('Welcome');
  });
});

describe('addresses', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [401, ['/']],
    [500, []],
    [404, []],
  ])('a %i while loading addresses redirects to %j', async (status, redirects) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    session.storeTokens('a', 'r', false);
    vi.mocked(addressesApi.listAddresses).mockRejectedValue(new ApiError(`Request failed with status code ${status}`, status >= 500 ? 'server' : 'client', { status }));
    const stop = $addresses.listen(() => undefined);
    await vi.waitFor(() => expect($addresses.get()).toMatchObject({ data: undefined, loading: false, error: { status } }));
    expect(assign.mock.calls.map(([to]: unknown[]) => to)).toEqual(redirects);
    stop();
  });
});

describe('modal routes', () => {
  it('knows its routes with or without a trailing slash', () => {
    expect(modalRouteOf('/login')).toBe('login');
    expect(modalRouteOf('/upload-order-instructions/')).toBe('uploadOrderInstructions');
    expect(modalRouteOf('/portals/')).toBeUndefined();
    expect(modalHref('login', { next: '/help/' })).toBe('/login/?next=%2Fhelp%2F');
  });

  it.each([
    ['/help/', '/help/'],
    ['/help/?a=1#b', '/help/?a=1#b'],
    ['/my-invoice/3/?a=1', '/my-invoice/3/?a=1'],
    ['/my-orders-history/?next=//evil.example', '/my-orders-history/?next=//evil.example'],
    ['/help/./faq/../', '/help/'],
  ])('safeNextPath(%j) keeps the same-site path %j', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example',
    '\\/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/help/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2f/evil.example',
    '/%2F%2Fevil.example',
    '/%5c/evil.example',
    '/%zz',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/help/\u0000',
    ' /help/',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'help/',
    '',
    null,
    undefined,
  ])('safeNextPath(%j) is undefined', (value) => {
    expect(safeNextPath(value)).toBeUndefined();
  });

  it('pushes the first modal over the page, replaces while one is open, and leaves back to the page behind', () => {
    window.history.replaceState(null, '', '/portals/');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const length = window.history.length;
    openModal('/login/');
    expect(window.location.pathname).toBe('/login/');
    expect(window.history.length).toBe(length + 1);
    expect(modalBackground()).toBe(`${window.location.origin}/portals/`);
    expect($modal.get().route).toBe('login');

    openModal('/register/?x=1');
    expect(window.history.length).toBe(length + 1);
    expect($modal.get()).toEqual({ route: 'register', search: '?x=1' });
    expect(modalBackground()).toBe(`${window.location.origin}/portals/`);

    leaveModal(undefined, [{ kind: 'success', message: 'Welcome Thandi' }]);
    expect(back).toHaveBeenCalledTimes(1);
    expect(takeFlashes()).toEqual([{ kind: 'success', message: 'Welcome Thandi' }]);

    leaveModal('/portals/');
    expect(back).toHaveBeenCalledTimes(2);
    back.mockRestore();
  });

  it('ignores links off the modal table', () => {
    window.history.replaceState(null, '', '/portals/');
    openModal('/help/');
    openModal('https://evil.example/login/');
    expect(window.location.pathname).toBe('/portals/');
  });
});

describe('requireSession', () => {
  it('watches a signed-in page and stops when asked', () => {
    session.storeTokens('a', 'r', false);
    const stop = requireSession();
    stop();
    session.clearTokens();
    expect(session.$accessToken.get()).toBe('');
  });
});
