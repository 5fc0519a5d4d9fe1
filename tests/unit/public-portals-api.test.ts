import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAdverts, listAdverts, listPortals, recordVisit, type Advert } from '../../src/lib/api/portals';
import { config } from '../../src/lib/config';

const advert = (start: string, end: string, id = 1): Advert => ({ id, portalId: 1, name: `Advert ${id}`, startDate: start, endDate: end, createdAt: '', picture: '/adverts/1.svg' });

function mockFetch(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('activeAdverts', () => {
  const now = new Date(2026, 10, 20, 12, 0);

  it('keeps adverts whose start and end days contain today, both ends inclusive', () => {
    const list = [advert('2026-11-01', '2026-11-30', 1), advert('2026-11-20', '2026-11-20', 2), advert('2026-11-21', '2026-12-01', 3), advert('2026-10-01', '2026-11-19', 4)];
    expect(activeAdverts(list, now).map((a) => a.id)).toEqual([1, 2]);
  });

  it('reads ISO timestamps by their day and drops adverts without valid dates', () => {
    expect(activeAdverts([advert('2026-11-20T00:00:00.000Z', '2026-11-20T23:00:00.000Z')], now)).toHaveLength(1);
    expect(activeAdverts([advert('', '2026-12-01'), advert('soon', 'later')], now)).toEqual([]);
  });
});

describe('public portal calls', () => {
  it('lists adverts with client names and no credentials', async () => {
    const fetchMock = mockFetch({ data: [{ id: 4, portal_id: 9, name: 'Sale', start_date: '2026-01-01', end_date: '2026-02-01', created_at: 'x', picture: '/adverts/4.svg' }] });
    expect(await listAdverts()).toEqual([{ id: 4, portalId: 9, name: 'Sale', startDate: '2026-01-01', endDate: '2026-02-01', createdAt: 'x', picture: '/adverts/4.svg' }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${config.apiBase}/adverts`);
    expect(init.credentials).toBe('omit');
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
  });

  it('maps portals and fills missing values with empty text', async () => {
    mockFetch({ data: [{ id: 2, name: 'ASOS', link: 'https://www.asos.com', category: 'Fashion', tc_link: null }] });
    expect(await listPortals()).toEqual([
      { id: 2, name: 'ASOS', link: 'https://www.asos.com', category: 'Fashion', tcLink: '', privacyPolicyLink: '', returnPolicyLink: '', picture: '' },
    ]);
  });

  it('fails with the section 8 status text', async () => {
    mockFetch({}, 503);
    await expect(listAdverts()).rejects.toThrow('Request failed with status code 503');
  });

  it('records a visit with a keepalive GET and swallows failures', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    recordVisit(7);
    expect(fetchMock).toHaveBeenCalledWith(`${config.apiBase}/portals/7/visit`, { keepalive: true, credentials: 'omit' });
    await Promise.resolve();
    recordVisit(0);
    recordVisit(Number.NaN);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
