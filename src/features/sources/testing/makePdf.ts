/*
 * Small, real PDF files for the attachment tests, written here so
 * no binary fixture is committed: each page's lines in Helvetica, with a
 * correct cross-reference table, which pdf.js (and any reader) opens.
 * `password: true` adds a standard security handler whose user password is
 * not empty (its /U entry matches no empty password), which readers answer
 * by asking for the password, as they do for a protected school handout.
 */

export interface PdfOptions {
  password?: boolean;
}

const hex = (length: number, seed: number) => Array.from({ length }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');

export function makePdf(pages: readonly (readonly string[])[], options: PdfOptions = {}): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pagesId = 2;
  add('');
  const kids: number[] = [];
  const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);
  for (const lines of pages) {
    const stream = `BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 1 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const encrypt = options.password ? add(`<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 7)}> /U <${hex(32, 11)}> /P -4 >>`) : 0;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = `<${hex(16, 3)}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
