// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTryAgain, type TryAgain } from '../../../../src/lib/stores/try-again';
import { HeldButton } from '../../../../src/islands/ui/HeldButton';
import { useTryAgain } from '../../../../src/islands/ui/use-try-again';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Form({ wait }: { wait: TryAgain }) {
  return (
    <form aria-label="Form">
      <HeldButton wait={useTryAgain(wait)} waitId="form-wait">
        Send message
      </HeldButton>
    </form>
  );
}

describe('HeldButton with useTryAgain', () => {
  it('holds the button and names the wait while it lasts, counting down, then lets it be pressed', () => {
    vi.useFakeTimers();
    const wait = createTryAgain('messages sent');
    render(<Form wait={wait} />);
    const button = screen.getByRole('button', { name: 'Send message' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');

    act(() => wait.$until.set(Date.now() + 2000));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Too many messages sent. Please wait 2 seconds before you try again.');
    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveAccessibleDescription('Too many messages sent. Please wait 1 second before you try again.');
    act(() => vi.advanceTimersByTime(1000));
    expect(button).toBeEnabled();
    expect(screen.queryByText(/Too many/)).toBeNull();
  });
});
