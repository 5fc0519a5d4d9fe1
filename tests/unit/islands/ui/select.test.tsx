// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { pageOptions, Select, selectionSummary, type SelectOption } from '../../../../src/islands/ui/Select';

const shops: SelectOption<number>[] = ['Amazon', 'ASOS', 'Nike', 'Gymshark', 'IKEA', 'REI', 'Sephora', 'Best Buy'].map((label, i) => ({ value: i + 1, label }));

function Single({ onBlur }: { onBlur?: () => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <Select<number> label="Portal" name="portal" options={shops} value={value} onChange={setValue} onBlur={onBlur} error={value ? undefined : 'Must select a Portal'} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

function Multiple() {
  const [value, setValue] = useState<number[]>([1, 2, 3, 4, 5]);
  return <Select<number> multiple label="Shops" name="shops" options={shops} value={value} onChange={setValue} />;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Select helpers', () => {
  it('pages 5 at a time and searches labels', () => {
    expect(pageOptions(shops, '', 0).options).toHaveLength(5);
    expect(pageOptions(shops, '', 0).hasMore).toBe(true);
    expect(pageOptions(shops, '', 1)).toMatchObject({ hasMore: false });
    expect(pageOptions(shops, '', 1).options).toHaveLength(8);
    expect(pageOptions(shops, 'as', 0).options.map((o) => o.label)).toEqual(['ASOS']);
  });

  it('summarises more than three selections', () => {
    expect(selectionSummary(['A', 'B'])).toBe('A, B');
    expect(selectionSummary(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C + 2 selected');
  });
});

describe('Select', () => {
  it('is a labelled combobox with a linked error', () => {
    render(<Single />);
    const input = screen.getByLabelText('Portal');
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Must select a Portal');
  });

  it('works by keyboard: arrows, Enter, Escape, and shows 5 then Load more', async () => {
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Portal' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('option', { name: 'Amazon' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Amazon', 'ASOS', 'Nike', 'Gymshark', 'IKEA', 'Load more']);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    fireEvent.keyDown(input, { key: 'End' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('option', { name: 'Best Buy' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'REI' }).id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('6');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('REI');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a page loaded right after it opens (no search pending to reset it)', async () => {
    vi.useFakeTimers();
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Portal' });
    fireEvent.click(input);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Load more' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(screen.getAllByRole('option')).toHaveLength(8);
  });

  it('debounces the search 500 ms (SPEC section 9), counted from the last key', async () => {
    vi.useFakeTimers();
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Portal' });
    fireEvent.change(input, { target: { value: 'ni' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(input, { target: { value: 'nik' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.getAllByRole('option')).toHaveLength(6);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Nike']);
    fireEvent.click(screen.getByRole('option', { name: 'Nike' }));
    expect(screen.getByTestId('value').textContent).toBe('3');
  });

  it('calls onBlur when focus leaves', () => {
    const onBlur = vi.fn();
    render(<Single onBlur={onBlur} />);
    const input = screen.getByRole('combobox', { name: 'Portal' });
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows the first three selections then + N selected', async () => {
    render(<Multiple />);
    const input = screen.getByRole('combobox', { name: 'Shops' });
    expect(input).toHaveAccessibleDescription('Amazon, ASOS, Nike + 2 selected');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    fireEvent.click(await screen.findByRole('option', { name: 'Amazon' }));
    expect(input).toHaveAccessibleDescription('ASOS, Nike, Gymshark + 1 selected');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });
});
