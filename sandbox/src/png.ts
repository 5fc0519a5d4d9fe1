import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes raw 8-bit RGB scanlines (each row led by its filter byte) as a PNG file. */
export function encodePng(width: number, height: number, raw: Buffer, level = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A valid RGB PNG of `size` x `size` pixels: a diagonal two-colour pattern.
 * With `noise` the pixels are pseudo-random so the file stays large (for upload tests).
 */
export function makePng(size: number, rgb: [number, number, number], noise = false): Buffer {
  const row = size * 3 + 1;
  const raw = Buffer.alloc(row * size);
  let seed = 12345;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * row + 1 + x * 3;
      if (noise) {
        for (let i = 0; i < 3; i++) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          raw[at + i] = seed >>> 24;
        }
      } else {
        const light = (x + y) % 16 < 8;
        raw.set(light ? rgb : rgb.map((v) => Math.round(v * 0.6)), at);
      }
    }
  }
  return encodePng(size, size, raw);
}
