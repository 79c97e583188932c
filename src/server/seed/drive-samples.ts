/**
 * Small valid files made on the fly for the demo drive and the tests (no binaries in the repo):
 * a PNG and a JPEG drawn with sharp, a one-page PDF, and Office Open XML documents (a zip holding
 * the parts file-type and Office look for).
 */
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

/** A solid-colour image with a darker band, so the thumbnail shows something. */
export async function sampleImage(format: 'png' | 'jpeg', color = '#801f2b', size = 64): Promise<Buffer> {
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect y="${size / 2}" width="${size}" height="${size / 4}" fill="#bda16b"/></svg>`,
  );
  const image = sharp({ create: { width: size, height: size, channels: 3, background: color } }).composite([
    { input: band },
  ]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A minimal one-page PDF with a line of text (valid cross-reference table). */
export function samplePdf(text = 'Confraria'): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const ZIP_DATE = new Date(2024, 0, 1);

/**
 * A zip archive with stored (uncompressed) entries, in the given order (Office and file-type look
 * for `[Content_Types].xml` first). A fixed date keeps the same text giving the same bytes.
 */
function zip(entries: Record<string, string>): Buffer {
  const files = Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)]));
  return Buffer.from(zipSync(files, { level: 0, mtime: ZIP_DATE }));
}

const OOXML_KIND = {
  docx: {
    folder: 'word',
    part: 'document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    xml: (text: string) =>
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  },
  xlsx: {
    folder: 'xl',
    part: 'workbook.xml',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    xml: () =>
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  },
} as const;

/** A small Word or Excel file (Office Open XML). */
export function sampleOfficeFile(kind: keyof typeof OOXML_KIND, text = 'Confraria'): Buffer {
  const { folder, part, type, xml } = OOXML_KIND[kind];
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      `<Override PartName="/${folder}/${part}" ContentType="${type}"/></Types>`,
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${folder}/${part}"/></Relationships>`,
    [`${folder}/${part}`]: xml(text),
  });
}

/** The start of a Windows executable: what a "renamed .exe" looks like to a content check. */
export function sampleExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
