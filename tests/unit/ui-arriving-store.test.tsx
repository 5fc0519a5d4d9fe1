// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { atom, onMount } from 'nanostores';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useArrivingStore } from '../../src/islands/ui/use-arriving-store';

afterEach(cleanup);

const never = new Promise<never>(() => undefined);

function Show({ store }: { store: ReturnType<typeof atom<string>> }): ReactNode {
  const value = useArrivingStore(store);
  if (value === 'suspends') throw never;
  return <p>{value}</p>;
}

describe('useArrivingStore', () => {
  it('shows the store and each change of it', async () => {
    const $value = atom('first');
    render(<Show store={$value} />);
    expect(screen.getByText('first')).toBeInTheDocument();
    await act(async () => $value.set('second'));
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('renders a change in a transition: a render that suspends keeps what was shown instead of the fallback', async () => {
    const $value = atom('first');
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Show store={$value} />
      </Suspense>,
    );
    await act(async () => $value.set('suspends'));
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('mounts the store, and shows what its mount set', async () => {
    const $value = atom('idle');
    onMount($value, () => {
      $value.set('loading');
      return undefined;
    });
    render(<Show store={$value} />);
    await act(async () => undefined);
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('follows a new store at once', async () => {
    const $one = atom('one');
    const $two = atom('two');
    const { rerender } = render(<Show store={$one} />);
    rerender(<Show store={$two} />);
    expect(screen.getByText('two')).toBeInTheDocument();
    await act(async () => $two.set('two, changed'));
    expect(screen.getByText('two, changed')).toBeInTheDocument();
    await act(async () => $one.set('one, changed'));
    expect(screen.queryByText('one, changed')).toBeNull();
  });
});
