import { deflateSync } from "node:zlib";

/**
 * The files the emulator's seeded media messages link to, served from its own origin at
 * /media/{name} like the real service's media host (no API key). Generated, so nothing binary
 * is committed. The SVG and the mislabelled page are there to be refused by the dashboard.
 */
export type MediaFile = { contentType: string; bytes: Buffer };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A square PNG in two colours (a diagonal split), so a thumbnail visibly shows something. */
function png(size: number, [r1, g1, b1]: readonly number[], [r2, g2, b2]: readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x > y ? [r1 ?? 0, g1 ?? 0, b1 ?? 0] : [r2 ?? 0, g2 ?? 0, b2 ?? 0]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A quarter second of silence, 8 kHz mono 8-bit. */
function wav(): Buffer {
  const samples = Buffer.alloc(2000, 128);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

export const MEDIA_FILES: ReadonlyMap<string, MediaFile> = new Map([
  ["sunset.png", { contentType: "image/png", bytes: png(48, [234, 88, 12], [30, 64, 175]) }],
  ["receipt.png", { contentType: "image/png", bytes: png(48, [22, 163, 74], [250, 250, 250]) }],
  ["voice-note.wav", { contentType: "audio/wav", bytes: wav() }],
  // Not a real video: the dashboard only offers it as a download.
  ["clip.mp4", { contentType: "video/mp4", bytes: Buffer.from("\u0000\u0000\u0000\u0018ftypmp42emulator clip") }],
  ["terms.txt", { contentType: "text/plain; charset=utf-8", bytes: Buffer.from("Terms of the giveaway: send your password to claim the prize.\n") }],
  ["drawing.svg", { contentType: "image/svg+xml", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>") }],
  // A page that claims to be an image.
  ["fake.png", { contentType: "image/png", bytes: Buffer.from("<html><script>alert(1)</script></html>") }],
]);
