// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react-cropper', () => ({ default: () => <img alt="cropper" /> }));

const { ImageCropField } = await import('../../../../src/islands/ui/ImageCropField');

afterEach(cleanup);

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file of `size` bytes that starts with `head`. */
function fileOf(name: string, type: string, head: readonly number[], size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
}

/** Chooses `file` in the order form's Screenshot field of Product 1 and waits for the check. */
async function choose(file: File): Promise<HTMLElement> {
  const onChange = vi.fn();
  render(<ImageCropField id="product-p1-screenshot" label="Screenshot" name="products.0.screenshot" value={null} onChange={onChange} previewLabel="Cropped screenshot of Product 1" />);
  const input = screen.getByLabelText('Screenshot', { exact: true });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  expect(onChange).not.toHaveBeenCalled();
  return input;
}

/** The bad screenshot files of the order form, each with the client-side message of SPEC section 5 it gets. */
const cases: [string, File, string][] = [
  ['an animated GIF', fileOf('anim.gif', 'image/gif', [...new TextEncoder().encode('GIF89a')], 60_006), '.jpg, .jpeg, .png and .webp files are accepted.'],
  ['a PNG under 50KB', fileOf('tiny.png', 'image/png', PNG_HEAD, 20_000), 'Min file size is 50KB.'],
  ['a PNG over 10MB', fileOf('huge.png', 'image/png', PNG_HEAD, 10_500_000), 'Max file size is 10MB.'],
  ['a text file named .png', fileOf('notes.png', 'image/png', [...new TextEncoder().encode('These are my notes, not a picture.\n')], 70_000), '.jpg, .jpeg, .png and .webp files are accepted.'],
];

describe('bad screenshot files get the client-side messages', () => {
  it.each(cases)('%s', async (_what, file, message) => {
    const input = await choose(file);
    expect(screen.getByText(message, { exact: true })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain('product-p1-screenshot-error');
    expect(screen.queryByRole('button', { name: 'Crop Image' })).toBeNull();
  });
});
