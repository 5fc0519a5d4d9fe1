import type { Page } from '@playwright/test';

/** Big-endian TIFF words, as a camera that writes 'MM' lays them out. */
const u16 = (value: number) => [(value >>> 8) & 0xff, value & 0xff];
const u32 = (value: number) => [...u16(value >>> 16), ...u16(value & 0xffff)];
/** One 12-byte IFD entry: tag, type, count and the value (or its offset), left-aligned in four bytes. */
const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value, ...new Array<number>(4 - value.length).fill(0)];
const rationals = (pairs: [number, number][]) => pairs.flatMap(([n, d]) => [...u32(n), ...u32(d)]);

const BYTE = 1;
const ASCII = 2;
const LONG = 4;
const RATIONAL = 5;
const GPS_IFD = 26;
const GPS_DATA = GPS_IFD + 2 + 5 * 12 + 4;

/** An EXIF block as a phone writes one: an IFD0 pointing at a GPS IFD that places the shot at 26°08'42.12"S 28°02'00.50"E (a Johannesburg home). */
export function gpsExif(): { segment: Buffer; gpsIfd: Buffer } {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a],
    ...u32(8),
    ...u16(1),
    ...entry(0x8825, LONG, 1, u32(GPS_IFD)),
    ...u32(0),
    ...u16(5),
    ...entry(0x0000, BYTE, 4, [2, 3, 0, 0]),
    ...entry(0x0001, ASCII, 2, [0x53, 0]),
    ...entry(0x0002, RATIONAL, 3, u32(GPS_DATA)),
    ...entry(0x0003, ASCII, 2, [0x45, 0]),
    ...entry(0x0004, RATIONAL, 3, u32(GPS_DATA + 24)),
    ...u32(0),
    ...rationals([[26, 1], [8, 1], [4212, 100]]),
    ...rationals([[28, 1], [2, 1], [50, 100]]),
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, ...u16(body.length + 2)]), body]);
  return { segment, gpsIfd: tiff.subarray(GPS_IFD) };
}

/** A phone-sized JPEG (noisy gradient, so it stays well above 50 KB when re-encoded) from the page's own encoder, with `exif` put right after its start-of-image marker as cameras do. */
export async function cameraJpeg(page: Page, exif: Buffer, width = 2000, height = 1500): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      const pixels = context.createImageData(width, height);
      let seed = 7;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        const noise = (seed & 0x3f) - 32;
        const x = (i / 4) % width;
        const y = Math.floor(i / 4 / width);
        pixels.data[i] = (x * 255) / width + noise;
        pixels.data[i + 1] = (y * 255) / height + noise;
        pixels.data[i + 2] = 128 + noise;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error('no JPEG encoder');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(binary);
    },
    { width, height },
  );
  const jpeg = Buffer.from(base64, 'base64');
  return Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
}

/** The bytes of the file sent as form field `name` in a multipart body, with the part's headers; undefined when there is no such part. */
export function multipartFile(body: Buffer, contentType: string, name: string): { headers: string; bytes: Buffer } | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = Buffer.from(`\r\n--${boundary?.[1] ?? boundary?.[2] ?? ''}`, 'latin1');
  // The first delimiter has no CRLF before it; one is lent so every part splits alike.
  const whole = Buffer.concat([Buffer.from('\r\n', 'latin1'), body]);
  for (let at = whole.indexOf(delimiter); at !== -1; ) {
    const next = whole.indexOf(delimiter, at + delimiter.length);
    const part = whole.subarray(at + delimiter.length, next === -1 ? whole.length : next);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('latin1').trim();
    if (split !== -1 && headers.includes(`name="${name}"`)) return { headers, bytes: part.subarray(split + 4) };
    at = next;
  }
  return undefined;
}
