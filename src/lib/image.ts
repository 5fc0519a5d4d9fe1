import { imageProblem, limits, messages } from './schemas/rules';

/** Longest edge of a re-encoded crop, in pixels. */
export const MAX_EDGE = 1600;
/** Quality of the lossy re-encoding. */
const QUALITY = 0.85;

/** An accepted image type, as read from a file's first bytes. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Recognises png, jpeg and webp by their magic bytes; undefined for anything else. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

async function headOf(blob: Blob): Promise<Uint8Array> {
  const part = blob.slice(0, 16);
  // jsdom's Blob lacks arrayBuffer(); FileReader works everywhere.
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/** The SPEC section 5 message for a chosen file (declared type, real content, size), or undefined when it is fine. */
export async function fileProblem(file: Blob | null | undefined): Promise<string | undefined> {
  const declared = imageProblem(file);
  if (declared === messages.imageRequired || declared === messages.imageType) return declared;
  if (!file) return messages.imageRequired;
  // A text file renamed to .png declares image/png; only its bytes tell.
  const real = sniffImageType(await headOf(file));
  if (!real) return messages.imageType;
  return imageProblem({ size: file.size, type: real });
}

/** Width and height scaled down (never up) so the long edge is at most `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge = MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes a canvas; resolves undefined when the browser cannot. */
function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | undefined> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), type, quality));
}

/** True when a lossy encoding is too small for the server (50,000 bytes or less) and the crop must go as a lossless PNG. */
export function needsLossless(lossy: Blob | undefined): boolean {
  return !lossy || lossy.size <= limits.imageMinBytes;
}

/** Re-encodes a cropped canvas for upload: WebP, else JPEG (quality 0.85); a lossless PNG when that comes out under 50 KB. */
export async function encodeCrop(canvas: HTMLCanvasElement): Promise<Blob> {
  const webp = await toBlob(canvas, 'image/webp', QUALITY);
  // Browsers without a WebP encoder hand back a PNG instead.
  const lossy = webp?.type === 'image/webp' ? webp : await toBlob(canvas, 'image/jpeg', QUALITY);
  if (lossy && !needsLossless(lossy)) return lossy;
  const result = (await toBlob(canvas, 'image/png')) ?? lossy;
  if (!result) throw new Error('The image could not be encoded');
  return result;
}

/** The file name extension of an encoded image type. */
export function imageExtension(type: string): string {
  return type === 'image/webp' ? 'webp' : type === 'image/png' ? 'png' : 'jpg';
}

/** The file name sent with a screenshot of this type. */
export function screenshotFileName(index: number, type: string): string {
  return `screenshot-${index + 1}.${imageExtension(type)}`;
}

/** Decodes an image file through an <img>; undefined when the browser cannot. */
async function decodeImage(file: Blob): Promise<HTMLImageElement | undefined> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0 ? image : undefined;
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Re-encodes a whole image as a crop is (long edge within MAX_EDGE, encodeCrop's types), so EXIF and other metadata,
 * a phone photo's GPS position among them, stay behind; undefined when the file cannot be decoded or encoded.
 */
export async function reencodeImage(file: Blob): Promise<Blob | undefined> {
  const image = await decodeImage(file);
  if (!image) return undefined;
  // Drawing an <img> applies its EXIF orientation, so the photo keeps the way up it was shown in.
  const size = fitWithin(image.naturalWidth, image.naturalHeight, MAX_EDGE);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  try {
    return await encodeCrop(canvas);
  } catch {
    return undefined;
  }
}
