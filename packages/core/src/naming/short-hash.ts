const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;
/** 36^8: the suffix keeps 8 base-36 digits (about 41 bits). */
const SUFFIX_SPACE = 36n ** 8n;

/** The 64-bit FNV-1a hash of a string's UTF-8 bytes. */
export function fnv1a64(text: string): bigint {
  let hash = FNV64_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV64_PRIME) & MASK64;
  }
  return hash;
}

/**
 * A short, deterministic hash of a string: 8 lowercase base-36 characters derived from FNV-1a 64.
 * Used to shorten long tool names; two different inputs sharing the same readable prefix collide
 * with a probability of about 1 in 2.8 × 10^12.
 */
export function shortHash(text: string): string {
  return (fnv1a64(text) % SUFFIX_SPACE).toString(36).padStart(8, '0');
}
