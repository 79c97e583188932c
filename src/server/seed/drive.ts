/**
 * Demo drive files of several types, public and private, made on the fly (drive-samples.ts) and
 * stored through the same content checks as an upload. Skipped when a file of that name exists.
 */
import { sampleImage, sampleOfficeFile, samplePdf } from './drive-samples';
import type { SeedModule } from './types';
import { list } from '../drive/listing';
import { add, readableOf } from '../drive/upload';

interface DemoFile {
  name: string;
  filename: string;
  description: string;
  isPublic: boolean;
  tags: string[];
  content: () => Buffer | Promise<Buffer>;
}

const DEMO_FILES: DemoFile[] = [
  {
    name: 'Carta de vinhos — novembro',
    filename: 'carta-novembro.pdf',
    description: 'Os rótulos da degustação de novembro, com notas de prova.',
    isPublic: true,
    tags: ['degustação', 'carta', 'novembro', 'tintos'],
    content: () => samplePdf('Carta de vinhos - novembro'),
  },
  {
    name: 'Foto da confraria',
    filename: 'confraria.png',
    description: 'Encontro de abertura da temporada.',
    isPublic: true,
    tags: ['eventos'],
    content: () => sampleImage('png', '#801f2b', 480),
  },
  {
    name: 'Rótulo da safra 2024',
    filename: 'rotulo-2024.jpg',
    description: '',
    isPublic: true,
    tags: ['safra 2024', 'rótulos'],
    content: () => sampleImage('jpeg', '#5e1620', 480),
  },
  {
    name: 'Regulamento do clube',
    filename: 'regulamento.docx',
    description: 'Regras de participação e benefícios dos confrades.',
    isPublic: true,
    tags: ['regulamento'],
    content: () => sampleOfficeFile('docx', 'Regulamento do clube'),
  },
  {
    name: 'Controle de estoque da adega',
    filename: 'estoque.xlsx',
    description: 'Uso interno da administração.',
    isPublic: false,
    tags: ['interno', 'estoque'],
    content: () => sampleOfficeFile('xlsx'),
  },
  {
    name: 'Contrato com fornecedor',
    filename: 'contrato.pdf',
    description: 'Documento interno.',
    isPublic: false,
    tags: ['interno', 'contratos'],
    content: () => samplePdf('Contrato com fornecedor'),
  },
];

export const driveSeed: SeedModule = {
  name: 'drive',
  async run(services, ctx) {
    const existing = new Set(
      list(services.drive, { page: 1, limit: 100, type: 'all', search: '', isPublic: 'all' }).items.map(
        (item) => item.name,
      ),
    );
    let created = 0;
    for (const file of DEMO_FILES) {
      if (existing.has(file.name)) continue;
      await add(services.drive, {
        source: readableOf(await file.content()),
        filename: file.filename,
        metadata: {
          name: file.name,
          description: file.description,
          isPublic: file.isPublic,
          tags: file.tags,
        },
        uploadedBy: ctx.users.admin?.id ?? null,
      });
      created++;
    }
    ctx.report(`arquivos do drive: ${created} criados, ${DEMO_FILES.length - created} já existiam`);
  },
};
