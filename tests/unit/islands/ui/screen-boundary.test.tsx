// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from '../../../../src/islands/ui/ScreenBoundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const reload = vi.fn();

beforeEach(() => {
  window.__analytics = [];
  // React reports caught render errors on the console; the test reads the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  cleanup();
  delete window.__analytics;
  reload.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScreenBoundary', () => {
  it('shows a render error with Reload and reports it to analytics without its text', () => {
    render(
      <ScreenBoundary screen="myDetails">
        <Throws error={new TypeError('Cannot read properties of undefined (reading thandi@example.com)')} />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'This page could not be shown.' })).toBeInTheDocument();
    expect(screen.queryByText(/new version/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.__analytics).toEqual([expect.objectContaining({ event: 'screen_render_failed', props: { screen: 'myDetails', kind: 'TypeError' } })]);
  });

  it('asks for a reload onto the new build when a chunk failed to load, and reports nothing', () => {
    render(
      <ScreenBoundary screen="uploadOrders">
        <Throws error={new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/_astro/OrderFormScreen.abc.js')} />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'A new version of this page is available.' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.__analytics).toEqual([]);
  });

  it('shows its children when nothing fails', () => {
    render(
      <ScreenBoundary screen="returns">
        <p>Returns</p>
      </ScreenBoundary>,
    );
    expect(screen.getByText('Returns')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
