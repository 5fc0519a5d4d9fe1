// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/orders', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/orders')>()),
  returnOrder: vi.fn(),
}));

const ordersApi = await import('../../src/lib/api/orders');
const { imageExtension, MAX_EDGE, reencodeImage } = await import('../../src/lib/image');
const { $scheduleReturn } = await import('../../src/lib/stores/returns');
const { returnRequest } = await import('../../src/islands/account/returns/return-form');
const { ApiError } = await import('../../src/lib/api/errors');
const { messages } = await import('../../src/lib/schemas/rules');

/** What the stubbed browser decodes the next file to: its pixel size, or a failure. */
let decoded: { width: number; height: number } | 'broken';
const drawn: number[][] = [];
const encoded: { type: string; quality?: number }[] = [];
/** Bytes the stubbed encoder gives back per type; a lossy answer above 50,000 bytes is what goes. */
let encoderSizes: Record<string, number>;

/** Sets a method jsdom may lack, or replaces one it has; undone after each test. */
const undo: (() => void)[] = [];
function stub<T extends object>(target: T, name: string, value: unknown): void {
  const before = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
  undo.push(() => (before ? Object.defineProperty(target, name, before) : Reflect.deleteProperty(target, name)));
}

// jsdom neither decodes images nor draws on a canvas: the browser's part is stood in for, the helper's own steps are real.
beforeEach(() => {
  decoded = { width: 4000, height: 3000 };
  encoderSizes = { 'image/webp': 300_000, 'image/jpeg': 400_000, 'image/png': 2_000_000 };
  drawn.length = 0;
  encoded.length = 0;
  stub(URL, 'createObjectURL', () => 'blob:photo');
  stub(URL, 'revokeObjectURL', () => undefined);
  stub(HTMLImageElement.prototype, 'decode', function decode(this: HTMLImageElement) {
    if (decoded === 'broken') return Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
    Object.defineProperty(this, 'naturalWidth', { value: decoded.width });
    Object.defineProperty(this, 'naturalHeight', { value: decoded.height });
    return Promise.resolve();
  });
  const context = { drawImage: (_image: unknown, ...box: number[]) => drawn.push(box) };
  stub(HTMLCanvasElement.prototype, 'getContext', () => context);
  stub(HTMLCanvasElement.prototype, 'toBlob', function toBlob(done: BlobCallback, type = 'image/png', quality?: number) {
    encoded.push({ type, quality });
    const size = encoderSizes[type];
    done(size === undefined ? null : new Blob([new Uint8Array(size)], { type }));
  });
});

afterEach(() => {
  undo.splice(0).reverse().forEach((restore) => restore());
  vi.mocked(ordersApi.returnOrder).mockReset();
});

/** A chosen file whose bytes stand for a camera JPEG with an EXIF block. */
const cameraPhoto = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, ...new TextEncoder().encode('Exif\0\0GPS')])], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('reencodeImage', () => {
  it('draws the whole photo within the long-edge cap and hands back the encoder’s WebP, not the chosen bytes', async () => {
    const result = await reencodeImage(cameraPhoto());
    expect(drawn).toEqual([[0, 0, MAX_EDGE, 1200]]);
    expect(encoded[0]).toEqual({ type: 'image/webp', quality: 0.85 });
    expect(result?.type).toBe('image/webp');
    expect(result?.size).toBe(300_000);
  });

  it('never scales a small photo up, and goes lossless when the lossy one is 50,000 bytes or less', async () => {
    decoded = { width: 900, height: 1200 };
    encoderSizes = { 'image/webp': 40_000, 'image/jpeg': 45_000, 'image/png': 700_000 };
    const result = await reencodeImage(cameraPhoto());
    expect(drawn).toEqual([[0, 0, 900, 1200]]);
    expect(result?.type).toBe('image/png');
  });

  it('falls back to JPEG where the browser has no WebP encoder', async () => {
    encoderSizes = { 'image/jpeg': 400_000, 'image/png': 2_000_000 };
    expect((await reencodeImage(cameraPhoto()))?.type).toBe('image/jpeg');
  });

  it('gives undefined for a file the browser cannot decode or encode', async () => {
    decoded = 'broken';
    expect(await reencodeImage(cameraPhoto())).toBeUndefined();
    decoded = { width: 0, height: 0 };
    expect(await reencodeImage(cameraPhoto())).toBeUndefined();
    decoded = { width: 800, height: 600 };
    encoderSizes = {};
    expect(await reencodeImage(cameraPhoto())).toBeUndefined();
  });

  it('names the extension by the encoded type', () => {
    expect(imageExtension('image/webp')).toBe('webp');
    expect(imageExtension('image/png')).toBe('png');
    expect(imageExtension('image/jpeg')).toBe('jpg');
  });
});

describe('scheduling a return', () => {
  const values = { portal: 3, orderId: 12, item: 40, totalItems: 2, returnReason: ' Too small ', returnPhoto: cameraPhoto() };
  // What the return form sends for these values (its model trims the reason).
  const request = returnRequest(values);

  it('uploads the re-encoded photo under its own name, never the chosen file', async () => {
    vi.mocked(ordersApi.returnOrder).mockResolvedValue({ id: 99 });
    await $scheduleReturn.mutate(request);
    const [orderId, sent] = vi.mocked(ordersApi.returnOrder).mock.calls[0]!;
    expect(orderId).toBe(12);
    expect(sent).toMatchObject({ productId: 40, quantity: 2, reason: 'Too small', fileName: 'return-photo.webp' });
    expect(sent.photo).not.toBe(values.returnPhoto);
    expect(sent.photo.type).toBe('image/webp');
  });

  it('refuses a photo that cannot be decoded on its field with the SPEC image message, sending nothing', async () => {
    decoded = 'broken';
    const done = await $scheduleReturn.mutate(request);
    const failure = done && 'error' in done ? done.error : undefined;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: messages.imageType, errors: { return_photo: [messages.imageType] } });
    expect(ordersApi.returnOrder).not.toHaveBeenCalled();
  });
});
