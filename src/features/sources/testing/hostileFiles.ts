import { constants, deflateRawSync } from 'node:zlib';
import { joinBytes } from '../inflateWithin';

/*
 * Small files that unpack to hundreds of megabytes, for the attachment tests
 * (written by the test, no binary fixture): a Word file whose
 * word/document.xml, and a PDF whose page content, is one character repeated.
 * One megabyte of it is compressed once, ending on a full flush (byte-aligned,
 * needing nothing before it), and repeated, then closed with an empty final
 * block: a valid deflate stream of any length, made in milliseconds.
 * Node only (zlib).
 */

const MB = 1024 * 1024;

/** Raw deflate data that unpacks to `megabytes` MB of one character. */
export function deflateBomb(megabytes: number, character = 'a'): Uint8Array {
  const piece = deflateRawSync(Buffer.alloc(MB, character), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const finalEmptyBlock = [0x03, 0x00];
  const out = new Uint8Array(piece.length * megabytes + finalEmptyBlock.length);
  for (let i = 0; i < megabytes; i++) out.set(piece, i * piece.length);
  out.set(finalEmptyBlock, piece.length * megabytes);
  return out;
}

interface ZipPart {
  name: string;
  /** Raw deflate data (method 8), or the part itself (stored, method 0). */
  data: Uint8Array;
  deflated: boolean;
  /** The unpacked size the zip declares: the truth, or a lie. */
  declaredSize: number;
}

/** A zip of the parts as given, with the sizes it is told to declare (CRCs left zero: the readers under test stop before checking them). */
function zip(parts: readonly ZipPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, part.deflated ? 8 : 0, true);
    local.setUint32(18, part.data.length, true);
    local.setUint32(22, part.declaredSize, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(10, part.deflated ? 8 : 0, true);
    entry.setUint32(20, part.data.length, true);
    entry.setUint32(24, part.declaredSize, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), name, part.data);
    directory.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + part.data.length;
  }
  const directorySize = directory.reduce((sum, c) => sum + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, parts.length, true);
  end.setUint16(10, parts.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return joinBytes([...chunks, ...directory, new Uint8Array(end.buffer)]);
}

const stored = (name: string, text: string): ZipPart => {
  const data = new TextEncoder().encode(text);
  return { name, data, deflated: false, declaredSize: data.length };
};

/**
 * A .docx whose word/document.xml unpacks to `megabytes` MB; its zip
 * directory declares that size, or (`lying`) a few kilobytes.
 */
export function wordBomb(megabytes: number, { lying = false } = {}): Uint8Array {
  return zip([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    stored('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    { name: 'word/document.xml', data: deflateBomb(megabytes), deflated: true, declaredSize: lying ? 4096 : megabytes * MB },
  ]);
}

/** A one-page PDF whose page content is a FlateDecode stream unpacking to `megabytes` MB. */
export function pdfBomb(megabytes: number): Uint8Array {
  // zlib's two-byte header before the raw deflate data, as a PDF's FlateDecode streams carry.
  const data = new Uint8Array([0x78, 0xda, ...deflateBomb(megabytes)]);
  const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (bytes: Uint8Array) => {
    parts.push(bytes);
    length += bytes.length;
  };
  add(latin1('%PDF-1.4\n'));
  const objects: (string | [string, Uint8Array])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    [`<< /Length ${data.length} /Filter /FlateDecode >>`, data],
  ];
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') return add(latin1(`${i + 1} 0 obj\n${object}\nendobj\n`));
    add(latin1(`${i + 1} 0 obj\n${object[0]}\nstream\n`));
    add(object[1]);
    add(latin1('\nendstream\nendobj\n'));
  });
  const xref = length;
  add(latin1(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  add(latin1(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return joinBytes(parts);
}
