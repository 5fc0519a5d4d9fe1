// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../../../src/islands/account/shared/lazy-screen';

function Greeting({ name }: { name: string }): string {
  return `Hello ${name}`;
}

afterEach(cleanup);

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without its fallback, and fetches its code once', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { Screen, preload } = lazyScreen(load);
    await preload();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Thandi" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Thandi')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends a screen not fetched yet and shows it once its code arrives', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const { Screen } = lazyScreen(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Sipho" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('Hello Sipho')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for the code again after a failed fetch', async () => {
    const gone = new TypeError('Failed to fetch dynamically imported module: /_astro/MyDetailsScreen.abc.js');
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(gone).mockResolvedValueOnce(Greeting);
    const { Screen, preload } = lazyScreen(load);
    await expect(preload()).rejects.toBe(gone);
    await preload();
    render(<Screen name="Lerato" />);
    expect(screen.getByText('Hello Lerato')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
