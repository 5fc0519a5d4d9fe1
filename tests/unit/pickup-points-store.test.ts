// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/pickup', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/pickup')>()),
  searchPickupPoints: vi.fn(),
}));

const pickupApi = await import('../../src/lib/api/pickup');
const session = await import('../../src/lib/stores/session');
const { $pickupPointsOffered, $pickupSearch } = await import('../../src/lib/stores/pickup-points');
const { ApiError } = await import('../../src/lib/api/errors');

let stops: (() => void)[] = [];
function mount(store: { listen: (cb: () => void) => () => void }): void {
  stops.push(store.listen(() => undefined));
}

beforeEach(() => {
  vi.clearAllMocks();
  session.storeTokens('access', 'refresh', false);
});

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  session.clearTokens();
});

describe('pickup points (issue 57)', () => {
  it.each([
    ['a list', () => Promise.resolve([]), true],
    ['404 or 405 (undefined)', () => Promise.resolve(undefined), false],
    ['a refusal of the search (422): the route is there', () => Promise.reject(new ApiError('Unprocessable', 'client', { status: 422 })), true],
  ])('are offered after %s', async (_name, answer, offered) => {
    vi.mocked(pickupApi.searchPickupPoints).mockImplementation(answer);
    mount($pickupPointsOffered);
    await vi.waitFor(() => expect($pickupPointsOffered.get().data).toBe(offered));
    expect(pickupApi.searchPickupPoints).toHaveBeenCalledWith({ lat: 0, lng: 0 });
    session.clearTokens();
  });

  it('are not known when the question got no answer: an error, not a yes or a no', async () => {
    vi.mocked(pickupApi.searchPickupPoints).mockRejectedValue(new ApiError('Server is probably offline', 'offline'));
    mount($pickupPointsOffered);
    await vi.waitFor(() => expect($pickupPointsOffered.get().error).toBeDefined());
    expect($pickupPointsOffered.get().data).toBeUndefined();
  });

  it('are searched one press at a time, as the service answered', async () => {
    let resolve: (points: []) => void = () => undefined;
    vi.mocked(pickupApi.searchPickupPoints).mockReturnValue(new Promise((r) => (resolve = r)));
    const first = $pickupSearch.mutate({ q: 'Sandton' });
    expect(await $pickupSearch.mutate({ q: 'Rosebank' })).toBeUndefined();
    resolve([]);
    expect(await first).toEqual({ data: [] });
    expect(pickupApi.searchPickupPoints).toHaveBeenCalledTimes(1);
  });
});
