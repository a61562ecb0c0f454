import "server-only";

/** No l/1/o/0 to misread; 32 letters so each random byte maps to one without bias. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A password an admin hands on once: 20 random characters (100 bits) in groups of five for reading aloud. */
export function temporaryPassword(): string {
  const chars = Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => ALPHABET[byte % ALPHABET.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join("")).join("-");
}
