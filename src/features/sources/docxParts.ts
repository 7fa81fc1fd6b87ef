import { zipSync } from 'fflate';
import { DAMAGED_ZIP } from './docx';
import { InflateBudget, inflateWithin } from './inflateWithin';
import { MAX_DOCX_PARTS_BYTES } from './limits';
import { AttachError } from './sniff';

/*
 * A Word file is a zip of XML parts, and a zip says how big each part is
 * but need not tell the truth: a 2.5 MB file unpacked to 3.2 GB in mammoth.
 * So before mammoth sees a Word file, its parts are unpacked here within
 * MAX_DOCX_PARTS_BYTES: refused at once when the zip's own directory
 * declares more, and stopped as soon as the unpacked bytes pass it when the
 * directory lies. What mammoth then reads is a new zip holding just those
 * parts, stored as they were measured: it never unpacks anything itself.
 * Only the XML parts are kept (raw text needs no pictures, fonts or macros).
 */

interface ZipEntry {
  name: string;
  method: number;
  declaredSize: number;
  data: Uint8Array;
}

const damagedZip = () => new AttachError(DAMAGED_ZIP);

const tooBig = () =>
  new AttachError(
    `This Word file unpacks to more than ${MAX_DOCX_PARTS_BYTES / (1024 * 1024)} MB of text and layout, more than can be read here. Save the part you need as a document of its own (or as a PDF) and attach that.`,
  );

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A 32-bit size or offset of all ones means "see the ZIP64 record": no Word file is that big. */
const ZIP64 = 0xffffffff;

/** The zip's entries from its central directory, each with its stored data; throws when the structure does not hold together. */
function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let end = bytes.length - 22;
  const earliest = Math.max(0, end - 0xffff);
  while (end >= earliest && u32(end) !== END_OF_DIRECTORY) end--;
  if (end < earliest) throw damagedZip();
  const count = u16(end + 10);
  let at = u32(end + 16);
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== DIRECTORY_ENTRY) throw damagedZip();
    const [flags, method, compressedSize, declaredSize] = [u16(at + 8), u16(at + 10), u32(at + 20), u32(at + 24)];
    const [nameLength, extraLength, commentLength, localAt] = [u16(at + 28), u16(at + 30), u16(at + 32), u32(at + 42)];
    if (flags & 1 || [compressedSize, declaredSize, localAt].includes(ZIP64)) throw damagedZip();
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (localAt + 30 > bytes.length || u32(localAt) !== LOCAL_HEADER) throw damagedZip();
    const dataAt = localAt + 30 + u16(localAt + 26) + u16(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw damagedZip();
    entries.push({ name, method, declaredSize, data: bytes.subarray(dataAt, dataAt + compressedSize) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * The Word file's XML parts, unpacked within MAX_DOCX_PARTS_BYTES, as a zip
 * of stored parts for mammoth. `budget` (given by the tests) counts the
 * bytes unpacked.
 */
export function docxPartsWithin(bytes: Uint8Array, budget = new InflateBudget(MAX_DOCX_PARTS_BYTES)): Uint8Array {
  const parts = zipEntries(bytes).filter((entry) => isXmlPart(entry.name));
  if (parts.reduce((sum, part) => sum + part.declaredSize, 0) > budget.limit) throw tooBig();
  const unpacked: Record<string, Uint8Array> = {};
  for (const part of parts) {
    if (part.method === 0) {
      budget.inflated += part.data.length;
      if (budget.inflated > budget.limit) throw tooBig();
      unpacked[part.name] = part.data;
      continue;
    }
    if (part.method !== 8) throw damagedZip();
    let data: Uint8Array | 'overBudget';
    try {
      data = inflateWithin(part.data, budget);
    } catch {
      throw damagedZip();
    }
    if (data === 'overBudget') throw tooBig();
    unpacked[part.name] = data;
  }
  return zipSync(unpacked, { level: 0 });
}
