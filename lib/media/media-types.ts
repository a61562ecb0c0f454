/** The pictures shown inline: message images, avatars and group icons. Never SVG (it can carry script). */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * The content types the media route shows inline: those images, and some video and audio. Nothing
 * else is: the rest only downloads, as application/octet-stream.
 */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...IMAGE_TYPES,
  "video/mp4",
  "video/webm",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
]);

/** The media type without parameters, lower case ("image/png; x=y" → "image/png"). */
export function baseType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function isInlineType(type: string): boolean {
  return INLINE_TYPES.has(type);
}

export function isImageType(type: string): boolean {
  return IMAGE_TYPES.has(type);
}

/**
 * Whether an image's first bytes are what its type says: a page served as image/png is refused
 * rather than trusted, whatever the browser would make of it.
 */
export function imageBytesMatch(type: string, bytes: Uint8Array): boolean {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  switch (type) {
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case "image/gif":
      return starts(0x47, 0x49, 0x46, 0x38);
    case "image/webp":
      return starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b);
    default:
      return true;
  }
}
