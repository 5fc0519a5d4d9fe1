// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/lib/api/errors';
import { createFetcherStore } from '../../../../../src/lib/stores/query';
import { Loaded } from '../../../../../src/islands/account/shared/Loaded';

afterEach(cleanup);

let reads = 0;

/** A public read under a key of its own, answered by `fetcher`. */
function aRead(fetcher: () => Promise<string[]>) {
  reads += 1;
  return createFetcherStore<string[]>([`loaded-test-${reads}`], fetcher, { freshness: 'until-changed', scope: 'public' });
}

function List({ read }: { read: ReturnType<typeof aRead> }) {
  return (
    <Loaded read={read} label="Loading your cards…">
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </Loaded>
  );
}

describe('Loaded', () => {
  it('shows a spinner saying what loads until the first answer, then the content', async () => {
    let answer = (_names: string[]): void => undefined;
    render(<List read={aRead(() => new Promise((resolve) => (answer = resolve)))} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cards…');
    expect(screen.queryByRole('list')).toBeNull();
    answer(['Personal Visa']);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Personal Visa');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('without an answer, says the SPEC section 8 message with Retry, which asks again', async () => {
    const fetcher = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new ApiError('Server is probably offline', 'offline'));
    fetcher.mockResolvedValueOnce(['Travel Mastercard']);
    render(<List read={aRead(fetcher)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is probably offline');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Travel Mastercard');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('says any other failure as the catch-all of SPEC section 8', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<List read={aRead(() => Promise.reject(new TypeError('names is undefined')))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something terrible happened');
    vi.restoreAllMocks();
  });

  it('keeps the content on screen while a later read runs or fails', async () => {
    const fetcher = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['Personal Visa']);
    const read = aRead(fetcher);
    render(<List read={read} />);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Personal Visa');
    fetcher.mockRejectedValueOnce(new ApiError('Request failed with status code 500', 'server', { status: 500 }));
    await act(async () => {
      read.revalidate();
      await vi.waitFor(() => expect(read.get().error).toBeDefined());
    });
    expect(screen.getByRole('listitem')).toHaveTextContent('Personal Visa');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
