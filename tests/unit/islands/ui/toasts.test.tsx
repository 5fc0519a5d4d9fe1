// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ToastsModule = typeof import('../../../../src/islands/ui/Toasts');

let toasts: ToastsModule;

beforeEach(async () => {
  // The toast code loads once per page: each test starts with a fresh page's modules.
  vi.resetModules();
  toasts = await import('../../../../src/islands/ui/Toasts');
});

afterEach(cleanup);

describe('Toasts', () => {
  it('renders no toast region until the page needs one', async () => {
    const { Toasts } = toasts;
    const { container } = render(<Toasts />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector('.Toastify')).toBeNull();
  });

  it('loads the toast code at the first toast and shows it', async () => {
    const { Toasts, notify } = toasts;
    render(<Toasts />);
    act(() => notify.success('Details Updated'));
    expect(await screen.findByText('Details Updated')).toBeInTheDocument();
  });

  it('prepares the region at the first key press, before any toast', async () => {
    const { Toasts } = toasts;
    const { container } = render(<Toasts />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.keyDown(window, { key: 'Tab' });
    // The region is a portal into its own node at the end of <body>, where an open dialog can take it in.
    await vi.waitFor(() => expect(document.body.querySelector('.Toastify')).not.toBeNull());
    expect(container.querySelector('.Toastify')).toBeNull();
  });

  it('shows an Undo toast whose button undoes', async () => {
    const { Toasts, notify } = toasts;
    const onUndo = vi.fn();
    render(<Toasts />);
    act(() => notify.undo('Address Home deleted', onUndo));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
  });
});
