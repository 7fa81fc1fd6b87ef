/*
 * A short fingerprint of a value, kept in the shadow instead of the value:
 * enough to tell whether a field changed since it last synced, at a few bytes
 * a field rather than a second copy of every saved result. 53 bits (cyrb53):
 * two different values of one field colliding is not a practical concern.
 */
export function hashValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
