/*
 * The size of a value as JSON.stringify writes it, in UTF-8 bytes, worked
 * out without writing it: the sample answerer (sampleFromSchema.ts) counts
 * each piece of its answer before making it, so an answer over its budget is
 * refused before it takes any memory.
 */

const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x22, 0x5c]);

/** Bytes of `text` between the quotes of its JSON string: escapes as JSON.stringify writes them, the rest as UTF-8. */
export function jsonStringBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (SHORT_ESCAPES.has(unit)) bytes += 2;
    else if (unit < 0x20) bytes += 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) bytes += 6; // A lone half of a pair: written as \udXXX.
    else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Bytes of a number in JSON: its shortest form, or `null` for one JSON cannot hold. */
export function jsonNumberBytes(value: number): number {
  return Number.isFinite(value) ? String(value).length : 'null'.length;
}
