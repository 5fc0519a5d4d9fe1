import { describe, expect, it, vi } from 'vitest';
import { answerOnce, cardReturn, providerFlag } from '../../src/lib/provider-return';

describe('the flag a provider page sends the shopper back with', () => {
  it('reads ?success=true and ?cancel=true', () => {
    expect(providerFlag({ success: 'true' })).toBe('success');
    expect(providerFlag({ cancel: 'true' })).toBe('cancel');
  });

  it('is no flag for other values, other keys or no query', () => {
    expect(providerFlag({})).toBeUndefined();
    expect(providerFlag({ success: 'false' })).toBeUndefined();
    expect(providerFlag({ success: '1', cancel: 'yes' })).toBeUndefined();
    expect(providerFlag({ order: '7' })).toBeUndefined();
  });

  it('success wins over cancel when both are sent', () => {
    expect(providerFlag({ success: 'true', cancel: 'true' })).toBe('success');
  });
});

describe('My Details back from the card provider', () => {
  it("completed: 'New card added' as a success toast, then the query is dropped", () => {
    expect(cardReturn(providerFlag({ success: 'true' }))).toMatchObject({ notice: { tone: 'success', message: 'New card added' }, dropQuery: true });
  });

  it("cancelled: 'Card creation cancelled' as a warning, then the query is dropped", () => {
    expect(cardReturn(providerFlag({ cancel: 'true' }))).toMatchObject({ notice: { tone: 'warning', message: 'Card creation cancelled' }, dropQuery: true });
  });

  it('without a flag, no toast', () => {
    expect(cardReturn(providerFlag({}))).toBeUndefined();
  });
});

describe('a flag is answered once', () => {
  it('the first flag is answered, the same flag read again (a render before the query is dropped) is not', () => {
    const read = answerOnce(cardReturn);
    expect(read('card', 'success')?.notice?.message).toBe('New card added');
    expect(read('card', 'success')).toBeUndefined();
    expect(read('card', 'cancel')).toBeUndefined();
  });

  it('reading no flag first does not use up the answer', () => {
    const decide = vi.fn(cardReturn);
    const read = answerOnce(decide);
    expect(read('card', undefined)).toBeUndefined();
    expect(read('card', 'cancel')?.flag).toBe('cancel');
    expect(read('card', 'cancel')).toBeUndefined();
    expect(decide).toHaveBeenCalledTimes(2);
  });

  it('another key (another order on the same screen) is answered on its own', () => {
    const read = answerOnce((flag) => flag);
    expect(read('7', 'success')).toBe('success');
    expect(read('8', 'success')).toBe('success');
    expect(read('7', 'success')).toBeUndefined();
  });
});
