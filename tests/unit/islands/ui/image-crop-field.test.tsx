// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

type CropperProps = Record<string, unknown> & { ready?: () => void; onInitialized?: (instance: unknown) => void };
const cropperProps: CropperProps[] = [];
vi.mock('react-cropper', () => ({
  default: (props: CropperProps) => {
    cropperProps.push(props);
    return <img alt={String(props.alt)} src={String(props.src)} />;
  },
}));

const encoded = new Blob([new Uint8Array(70_000)], { type: 'image/webp' });
const encodeCrop = vi.fn(async () => encoded);
vi.mock('../../../../src/lib/image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/image')>()),
  encodeCrop: () => encodeCrop(),
}));

const { ImageCropField } = await import('../../../../src/islands/ui/ImageCropField');

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 60_000) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], 'shot.png', { type: 'image/png' });
};

beforeEach(() => {
  cropperProps.length = 0;
  let n = 0;
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: () => `blob:test/${(n += 1)}`, revokeObjectURL: () => undefined });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function chooseFile(onChange = vi.fn()) {
  render(<ImageCropField id="shot" label="Screenshot" name="screenshot" value={null} onChange={onChange} previewLabel="Cropped screenshot of Product 1" />);
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Screenshot'), { target: { files: [png()] } });
  });
  return onChange;
}

describe('screenshot crop settings (SPEC section 2)', () => {
  it("'Crop Image' draws the crop with its long edge capped at 1600 px and keeps the re-encoded image", async () => {
    const onChange = await chooseFile();
    const crop = screen.getByRole('button', { name: 'Crop Image' });
    expect(crop).toBeDisabled();
    const canvas = document.createElement('canvas');
    const getCroppedCanvas = vi.fn(() => canvas);
    const props = cropperProps.at(-1);
    act(() => {
      props?.onInitialized?.({ getData: () => ({ x: 0, y: 0, width: 2400, height: 2400 }), getCroppedCanvas });
      props?.ready?.();
    });
    expect(crop).toBeEnabled();
    await act(async () => {
      fireEvent.click(crop);
    });
    expect(getCroppedCanvas).toHaveBeenCalledWith(expect.objectContaining({ width: 1600, height: 1600 }));
    expect(onChange).toHaveBeenCalledWith(encoded);
    expect(screen.queryByRole('button', { name: 'Crop Image' })).toBeNull();
  });
});
