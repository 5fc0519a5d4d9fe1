// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../src/lib/api/cards';

vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  listCards: vi.fn(),
  deleteCard: vi.fn(),
  updateCard: vi.fn(),
}));

const cardsApi = await import('../../src/lib/api/cards');
const { $cards, $preferCard, $removeCard } = await import('../../src/lib/stores/cards');
const { storeTokens, clearTokens } = await import('../../src/lib/stores/session');

const visa: Card = { id: 1, userId: 7, token: 'tok_1', cardName: 'Personal Visa', isPreferred: true, isValid: true };
const master: Card = { id: 2, userId: 7, token: 'tok_2', cardName: 'Travel Mastercard', isPreferred: false, isValid: true };

/** A promise the test settles by hand, to look at a write while it is in flight. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve = (): void => undefined;
  let reject = (_error: unknown): void => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let stops: (() => void)[] = [];

beforeEach(() => {
  storeTokens('access', 'refresh', true);
  vi.mocked(cardsApi.listCards).mockResolvedValue([visa, master]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stops = [$cards.listen(() => undefined), $removeCard.listen(() => undefined), $preferCard.listen(() => undefined)];
});

afterEach(() => {
  stops.forEach((stop) => stop());
  vi.mocked(cardsApi.listCards).mockReset();
  vi.mocked(cardsApi.deleteCard).mockReset();
  vi.mocked(cardsApi.updateCard).mockReset();
  vi.restoreAllMocks();
  clearTokens();
});

describe('removing a card', () => {
  it('is loading while in flight, sends one request for two presses, then reads the cards again', async () => {
    await vi.waitFor(() => expect($cards.get().data).toEqual([visa, master]));
    const reads = vi.mocked(cardsApi.listCards).mock.calls.length;
    const answer = deferred();
    vi.mocked(cardsApi.deleteCard).mockReturnValue(answer.promise);

    const first = $removeCard.mutate(2);
    expect($removeCard.get().loading).toBe(true);
    const second = $removeCard.mutate(2);
    vi.mocked(cardsApi.listCards).mockResolvedValue([visa]);
    answer.resolve();
    await Promise.all([first, second]);

    expect(cardsApi.deleteCard).toHaveBeenCalledTimes(1);
    expect(cardsApi.deleteCard).toHaveBeenCalledWith(2);
    expect($removeCard.get().loading).toBe(false);
    expect($removeCard.get().error).toBeUndefined();
    await vi.waitFor(() => expect($cards.get().data).toEqual([visa]));
    expect(vi.mocked(cardsApi.listCards).mock.calls.length).toBe(reads + 1);
  });

  it('keeps the failure as the message of SPEC section 8, and reads the cards again all the same', async () => {
    await vi.waitFor(() => expect($cards.get().data).toEqual([visa, master]));
    const reads = vi.mocked(cardsApi.listCards).mock.calls.length;
    vi.mocked(cardsApi.deleteCard).mockRejectedValue({
      name: 'FetchError',
      response: { status: 404, _data: { error: 'Not found' } },
    });

    await $removeCard.mutate(2);

    expect($removeCard.get().loading).toBe(false);
    expect($removeCard.get().error?.message).toBe('Not found');
    await vi.waitFor(() => expect(vi.mocked(cardsApi.listCards).mock.calls.length).toBe(reads + 1));
  });

  it("says 'Server is probably offline' when no answer came", async () => {
    vi.mocked(cardsApi.deleteCard).mockRejectedValue({ name: 'FetchError' });
    await $removeCard.mutate(2);
    expect($removeCard.get().error?.message).toBe('Server is probably offline');
  });
});

describe('making a card the preferred one', () => {
  it('asks the service to prefer that card, then reads the cards again with the new preference', async () => {
    await vi.waitFor(() => expect($cards.get().data).toEqual([visa, master]));
    vi.mocked(cardsApi.updateCard).mockResolvedValue({ ...master, isPreferred: true });
    vi.mocked(cardsApi.listCards).mockResolvedValue([
      { ...visa, isPreferred: false },
      { ...master, isPreferred: true },
    ]);

    await $preferCard.mutate(2);

    expect(cardsApi.updateCard).toHaveBeenCalledWith(2, { isPreferred: true });
    expect($preferCard.get().error).toBeUndefined();
    await vi.waitFor(() => expect($cards.get().data?.find((card) => card.isPreferred)?.id).toBe(2));
  });
});
