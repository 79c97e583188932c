/**
 * The receipt as a PDF (A4, the PDF's standard Helvetica, whose encoding covers Portuguese): the
 * same lines as the printable page (`receiptRows`), drawn by PDFKit. PDFKit loads with the first
 * receipt asked for, not with the server: most servers go days without one (ADR on memory in
 * docs/performance.md, "Memory of the server").
 */
import { PassThrough, type Readable } from 'node:stream';
import { loadOnce } from '../../../shared/load-once';
import {
  RECEIPT_MSG,
  receiptNotice,
  receiptRows,
  receiptStatement,
  type Receipt,
} from '../../../shared/receipt';

const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);

const MARGIN = 56;
const LABEL_WIDTH = 150;

/** Streams the receipt's PDF; the document is small (~3 KB), so it is written in one go. */
export async function receiptPdf(receipt: Receipt): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${RECEIPT_MSG.title} ${receipt.number}`, Author: receipt.clubName },
  });
  const out = new PassThrough();
  doc.pipe(out);
  const width = doc.page.width - MARGIN * 2;

  doc.font('Helvetica-Bold').fontSize(18).text(RECEIPT_MSG.title);
  doc.font('Helvetica').fontSize(11).moveDown(0.3).text(receipt.clubName);
  doc.moveDown(1.2).fontSize(12).text(receiptStatement(receipt), { width });
  doc.moveDown(1);
  for (const { label, value } of receiptRows(receipt)) {
    const top = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label, MARGIN, top, { width: LABEL_WIDTH - 8 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value, MARGIN + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  }
  const notice = receiptNotice(receipt);
  if (notice) doc.moveDown(1).font('Helvetica-Bold').fontSize(11).text(notice, MARGIN, doc.y, { width });
  doc.end();
  return out;
}
