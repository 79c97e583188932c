/**
 * The drive's streamed upload, measured for memory rather than speed: a 200 MB file is posted to
 * POST /api/admin/drive as multipart/form-data (generated on the fly, never held whole by the
 * client either) and the server process's peak resident memory is compared with its level just
 * before. Target: growth under 64 MB (the file goes to disk as it arrives). Run by `npm run bench`
 * after the throughput table, or alone: `node --import tsx bench/drive-upload.ts`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { samplePdf } from '../src/server/seed/drive-samples';
import type { DriveBenchMessage } from './drive-upload-server';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const FILE_MB = 200;
const TARGET_MB = 64;

export interface DriveUploadFigures {
  fileMb: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  passed: boolean;
}

/** The multipart body: the fields, then a PDF header followed by FILE_MB of padding, in 1 MB chunks. */
function multipartStream(boundary: string): { stream: Readable; length: number } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nVídeo do bench\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const pdf = samplePdf('bench');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const padding = FILE_MB * MB - pdf.length;
  const chunk = Buffer.alloc(MB, 0x20);
  async function* generate() {
    yield head;
    yield pdf;
    for (let left = padding; left > 0; left -= MB) yield left >= MB ? chunk : chunk.subarray(0, left);
    yield tail;
  }
  return {
    stream: Readable.from(generate(), { objectMode: false }),
    length: head.length + FILE_MB * MB + tail.length,
  };
}

function post(port: number, token: string): Promise<{ status: number; body: string }> {
  const boundary = `bench${Date.now()}`;
  const { stream, length } = multipartStream(boundary);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/drive',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    stream.pipe(request);
  });
}

export async function benchDriveUpload(): Promise<DriveUploadFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-bench-drive-'));
  const child = fork(path.join(BENCH_DIR, 'drive-upload-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      DATA_DIR: dataDir,
      DRIVE_MAX_UPLOAD_MB: '500',
      PAYMENT_PROVIDER: 'sandbox',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise<DriveBenchMessage>((resolve) => child.once('message', resolve));
  try {
    const ready = await next();
    if (ready.type !== 'ready') throw new Error('bench server did not start');
    // Warm-up: the first upload loads the multipart parser, file-type and the database paths.
    const warm = await post(ready.port, ready.token);
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
    child.send({ type: 'reset' });
    const baseline = await next();
    const started = performance.now();
    const result = await post(ready.port, ready.token);
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
    const stored = (JSON.parse(result.body) as { item: { size: number } }).item.size;
    if (stored !== FILE_MB * MB) throw new Error(`stored ${stored} bytes, sent ${FILE_MB * MB}`);
    child.send({ type: 'memory' });
    const after = await next();
    if (baseline.type !== 'memory' || after.type !== 'memory') throw new Error('no memory figures');
    const growthMb = (after.peak - baseline.rss) / MB;
    return {
      fileMb: FILE_MB,
      baselineMb: baseline.rss / MB,
      peakMb: after.peak / MB,
      growthMb,
      seconds,
      passed: growthMb < TARGET_MB,
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeDriveUpload(figures: DriveUploadFigures): string {
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  return (
    `drive upload: ${figures.fileMb} MB in ${figures.seconds.toFixed(1)} s; server RSS ${mb(figures.baselineMb)} → ` +
    `peak ${mb(figures.peakMb)} (growth ${mb(figures.growthMb)}, target < ${TARGET_MB} MB): ` +
    (figures.passed ? 'ok' : 'MISSED')
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchDriveUpload();
  console.log(describeDriveUpload(figures));
  if (!figures.passed) process.exitCode = 1;
}
