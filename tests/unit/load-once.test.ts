import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/lib/load-once';

describe('loadOnce', () => {
  it('shares one attempt among callers', async () => {
    const load = vi.fn(() => Promise.resolve('code'));
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['code', 'code']);
    await expect(get()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed attempt, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('code');
    await expect(get()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
