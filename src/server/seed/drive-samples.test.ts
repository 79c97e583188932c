import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleOfficeFile } from './drive-samples';

const ENTRIES = {
  docx: ['[Content_Types].xml', '_rels/.rels', 'word/document.xml'],
  xlsx: ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml'],
};

describe('demo drive: Office samples are real zip archives', () => {
  it.each(['docx', 'xlsx'] as const)(
    'the %s opens with the three parts Office looks for, in order',
    async (kind) => {
      const file = sampleOfficeFile(kind, 'Ata da confraria');
      const parts = unzipSync(file);
      expect(Object.keys(parts)).toEqual(ENTRIES[kind]);
      expect(strFromU8(parts['[Content_Types].xml']!)).toContain(`PartName="/${ENTRIES[kind][2]}"`);
      expect(strFromU8(parts['_rels/.rels']!)).toContain(`Target="${ENTRIES[kind][2]}"`);
      if (kind === 'docx')
        expect(strFromU8(parts['word/document.xml']!)).toContain('<w:t>Ata da confraria</w:t>');
      // The drive judges uploads by their bytes: the sample must be recognised as what its name says.
      expect((await fileTypeFromBuffer(file))?.ext).toBe(kind);
    },
  );

  // Debian's unzip: .ci/run installs it on a clean machine, so this never skips.
  it('passes an independent zip check (unzip -t)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'drive-samples-'));
    try {
      const path = join(folder, 'sample.docx');
      writeFileSync(path, sampleOfficeFile('docx'));
      const listing = execFileSync('/usr/bin/unzip', ['-t', path], { encoding: 'utf8' });
      expect(listing).toContain('No errors detected');
      for (const entry of ENTRIES.docx) expect(listing).toContain(entry);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
