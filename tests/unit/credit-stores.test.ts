// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditStatement, Withdrawal, WithdrawalRequest } from '../../src/lib/api/credit';

vi.mock('../../src/lib/api/credit', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/credit')>()),
  getCredit: vi.fn(),
  requestWithdrawal: vi.fn(),
  cancelWithdrawal: vi.fn(),
}));

const creditApi = await import('../../src/lib/api/credit');
const session = await import('../../src/lib/stores/session');
const { $credit, $requestWithdrawal, $cancelWithdrawal } = await import('../../src/lib/stores/credit');
const { currentPasswordWait } = await import('../../src/lib/stores/details');
const { ApiError } = await import('../../src/lib/api/errors');

const withdrawal = (status: Withdrawal['status']): Withdrawal => ({
  id: 2,
  amount: 500,
  status,
  bank: 'FNB',
  accountHolder: 'T Nkosi',
  accountEnding: '4821',
  accountType: 'cheque',
  requestedAt: '2026-11-30T08:00:00Z',
  expectedBy: '2026-12-03',
  paidAt: null,
});
const statement = (balance: number, withdrawals: Withdrawal[] = []): CreditStatement => ({ balance, movements: [], withdrawals });
const request: WithdrawalRequest = {
  accountHolder: 'T Nkosi',
  bank: 'FNB',
  accountNumber: '6212345678',
  accountType: 'cheque',
  amount: 500,
  currentPassword: 'Shopper#2026',
};

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
  currentPasswordWait.$until.set(0);
  session.clearTokens();
});

describe('store credit', () => {
  it('reads the balance, and null (not a spinner for ever) when the service keeps no credit', async () => {
    vi.mocked(creditApi.getCredit).mockResolvedValue(undefined);
    mount($credit);
    await vi.waitFor(() => expect($credit.get()).toMatchObject({ data: null, loading: false }));
  });

  it('a withdrawal asked for reads the credit again (its amount left the balance); a refusal keeps its field errors', async () => {
    vi.mocked(creditApi.getCredit).mockResolvedValue(statement(1203.5));
    mount($credit);
    await vi.waitFor(() => expect($credit.get().data?.balance).toBe(1203.5));
    vi.mocked(creditApi.getCredit).mockResolvedValue(statement(703.5, [withdrawal('pending')]));
    vi.mocked(creditApi.requestWithdrawal).mockResolvedValue(withdrawal('pending'));

    await expect($requestWithdrawal.mutate(request)).resolves.toEqual({ data: withdrawal('pending') });
    expect(creditApi.requestWithdrawal).toHaveBeenCalledWith(request);
    await vi.waitFor(() => expect($credit.get().data?.balance).toBe(703.5));

    const refusal = new ApiError('Unprocessable', 'client', { status: 422, errors: { account_number: ['must be digits only'] } });
    vi.mocked(creditApi.requestWithdrawal).mockRejectedValue(refusal);
    await expect($requestWithdrawal.mutate(request)).resolves.toEqual({
      error: expect.objectContaining({ status: 422, errors: { account_number: ['must be digits only'] } }),
    });
  });

  it('waits out a 429 of wrong passwords as My Details does, sending nothing meanwhile', async () => {
    vi.mocked(creditApi.requestWithdrawal).mockRejectedValue(new ApiError('Too many requests', 'client', { status: 429, retryAfter: 60 }));
    await $requestWithdrawal.mutate(request);
    expect(currentPasswordWait.left()).toBe(60);
    const held = await $requestWithdrawal.mutate(request);
    expect(held && 'error' in held && held.error.status).toBe(429);
    expect(creditApi.requestWithdrawal).toHaveBeenCalledTimes(1);
  });

  it('a cancelled withdrawal reads the credit again (its amount is back)', async () => {
    vi.mocked(creditApi.getCredit).mockResolvedValue(statement(703.5, [withdrawal('pending')]));
    mount($credit);
    await vi.waitFor(() => expect($credit.get().data?.balance).toBe(703.5));
    vi.mocked(creditApi.getCredit).mockResolvedValue(statement(1203.5, [withdrawal('cancelled')]));
    vi.mocked(creditApi.cancelWithdrawal).mockResolvedValue(withdrawal('cancelled'));

    await expect($cancelWithdrawal.mutate(2)).resolves.toEqual({ data: withdrawal('cancelled') });
    expect(creditApi.cancelWithdrawal).toHaveBeenCalledWith(2);
    await vi.waitFor(() => expect($credit.get().data?.withdrawals[0]?.status).toBe('cancelled'));
  });
});
