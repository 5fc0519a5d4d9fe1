// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fileProblem, fitWithin, needsLossless, screenshotFileName, sniffImageType } from '../../src/lib/image';
import { messages } from '../../src/lib/schemas/rules';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (head: number[], size: number, type: string, name = 'shot.png') => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
};

describe('image checks', () => {
  it('recognises png, jpeg and webp by their bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF1234WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });

  it('gives the SPEC section 5 message for each bad file', async () => {
    expect(await fileProblem(null)).toBe(messages.imageRequired);
    expect(await fileProblem(file([0x47, 0x49, 0x46], 60_000, 'image/gif', 'a.gif'))).toBe(messages.imageType);
    expect(await fileProblem(file([...new TextEncoder().encode('hello')], 60_000, 'image/png', 'notes.png'))).toBe(messages.imageType);
    expect(await fileProblem(file([...new TextEncoder().encode('hello')], 2_000, 'image/png', 'notes.png'))).toBe(messages.imageType);
    expect(await fileProblem(file(PNG_HEAD, 20_000, 'image/png'))).toBe(messages.imageMin);
    expect(await fileProblem(file(PNG_HEAD, 11_000_000, 'image/png'))).toBe(messages.imageMax);
    expect(await fileProblem(file(PNG_HEAD, 60_000, 'image/png'))).toBeUndefined();
  });
});

describe('crop encoding', () => {
  it('caps the long edge and never scales up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('falls back to a lossless PNG when the lossy crop is 50,000 bytes or less', () => {
    expect(needsLossless(new Blob([new Uint8Array(50_000)]))).toBe(true);
    expect(needsLossless(new Blob([new Uint8Array(50_001)]))).toBe(false);
    expect(needsLossless(undefined)).toBe(true);
  });

  it('names the upload by its type', () => {
    expect(screenshotFileName(0, 'image/webp')).toBe('screenshot-1.webp');
    expect(screenshotFileName(2, 'image/png')).toBe('screenshot-3.png');
    expect(screenshotFileName(1, 'image/jpeg')).toBe('screenshot-2.jpg');
  });
});
