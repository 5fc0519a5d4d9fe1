import { describe, expect, it, vi } from 'vitest';
import { answerOnce, cardReturn, paymentReturn, providerFlag } from '../../src/lib/provider-return';

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

describe('the quote page back from PayFast', () => {
  it('confirmed there: the paid dialog shows (no toast), and the query is dropped', () => {
    expect(paymentReturn(providerFlag({ success: 'true' }))).toEqual({ flag: 'success', paid: true, dropQuery: true });
  });

  it('cancelled there: told nothing was charged, free to pay again (not paid), and the query is dropped', () => {
    expect(paymentReturn(providerFlag({ cancel: 'true' }))).toEqual({
      flag: 'cancel',
      notice: { tone: 'warning', message: 'Payment cancelled: nothing was charged, and you can pay when you are ready.' },
      paid: false,
      dropQuery: true,
    });
  });

  it('without a flag, nothing happens', () => {
    expect(paymentReturn(undefined)).toBeUndefined();
  });
});

describe('My Details back from the card provider', () => {
  it("completed: 'New card added' as a success toast, then the query is dropped", () => {
    expect(cardReturn(providerFlag({ success: 'true' }))).toMatchObject({ notice: { tone: 'success', message: 'New card added' }, paid: false, dropQuery: true });
  });

  it("cancelled: 'Card creation cancelled' as a warning, then the query is dropped", () => {
    expect(cardReturn(providerFlag({ cancel: 'true' }))).toMatchObject({ notice: { tone: 'warning', message: 'Card creation cancelled' }, paid: false, dropQuery: true });
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
    const decide = vi.fn(paymentReturn);
    const read = answerOnce(decide);
    expect(read('7', undefined)).toBeUndefined();
    expect(read('7', 'cancel')?.flag).toBe('cancel');
    expect(read('7', 'cancel')).toBeUndefined();
    expect(decide).toHaveBeenCalledTimes(2);
  });

  it('another key (another order on the same screen) is answered on its own', () => {
    const read = answerOnce(paymentReturn);
    expect(read('7', 'success')?.paid).toBe(true);
    expect(read('8', 'success')?.paid).toBe(true);
    expect(read('7', 'success')).toBeUndefined();
  });
});
