import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';
import { createTryAgain, DEFAULT_WAIT_S, isTooMany, waitWords } from '../../src/lib/stores/try-again';

afterEach(() => {
  vi.useRealTimers();
});

describe('waitWords', () => {
  it.each([
    [1, '1 second'],
    [42, '42 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '1 hour'],
    [5400, '2 hours'],
  ])('%i seconds are %s', (seconds, words) => {
    expect(waitWords(seconds)).toBe(words);
  });
});

describe('createTryAgain', () => {
  const tooMany = (retryAfter?: number) => new ApiError('Too many requests', 'client', { status: 429, retryAfter });

  it('sends, and answers what the request answered', async () => {
    const wait = createTryAgain('messages sent');
    await expect(wait.send(() => Promise.resolve('sent'))).resolves.toBe('sent');
    expect(wait.left()).toBe(0);
  });

  it("after a 429 says how long to wait in the shopper's words, sends nothing until then, and sends again after", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const wait = createTryAgain('messages sent');
    const request = vi.fn(() => Promise.reject(tooMany(900)));
    const refusal = await wait.send(request).catch((error: unknown) => error);
    expect(isTooMany(refusal)).toBe(true);
    expect((refusal as ApiError).message).toBe('Too many messages sent. Please wait 15 minutes before you try again.');
    expect(wait.left()).toBe(900);
    vi.setSystemTime(Date.now() + 899_000);
    await expect(wait.send(request)).rejects.toThrow('Too many messages sent. Please wait 1 second before you try again.');
    expect(request).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1000);
    expect(wait.left()).toBe(0);
    await expect(wait.send(() => Promise.resolve('sent'))).resolves.toBe('sent');
  });

  it('waits a default time when the 429 names none, and lets any other failure through without a wait', async () => {
    const wait = createTryAgain('attempts');
    const other = new ApiError('Server is probably offline', 'offline');
    await expect(wait.send(() => Promise.reject(other))).rejects.toBe(other);
    expect(wait.left()).toBe(0);
    await expect(wait.send(() => Promise.reject(tooMany()))).rejects.toThrow(`Please wait ${DEFAULT_WAIT_S} seconds`);
  });
});
