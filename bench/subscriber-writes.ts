/**
 * What a subscriber's insert and checkout update cost with the search and totals triggers (issue
 * 26 §5): CPU time per statement on a club of `--club` subscribers (default 100,000), each write
 * in its own transaction like the checkout's, with `synchronous = OFF` so the figure is the
 * triggers' CPU and not the disk's fsync. Run: `node --import tsx bench/subscriber-writes.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { generateClub } from './admin/generate';

const { values: args } = parseArgs({
  options: {
    writes: { type: 'string', default: '2000' },
    club: { type: 'string', default: '1' },
    /** Drop the subscribers' triggers first: what the triggers themselves add. */
    'no-triggers': { type: 'boolean', default: false },
  },
});
const WRITES = Number(args.writes);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-subscriber-writes-'));
const database = openDatabase(path.join(dir, 'club.db'), path.join(root, 'drizzle'));
const { sqlite } = database;
try {
  if (args.club !== '0') generateClub(sqlite);
  sqlite.pragma('synchronous = OFF');
  if (args['no-triggers']) {
    const triggers = sqlite
      .prepare("select name from sqlite_schema where type = 'trigger' and tbl_name = 'subscribers'")
      .all() as { name: string }[];
    for (const { name } of triggers) sqlite.exec(`drop trigger ${name}`);
  }
  const insert = sqlite.prepare(
    `insert into subscribers (id, name, email, phone, cpf, status, payment_status, subscription_price, referral_code, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'pending_payment', 'pending', 149700, ?, ?, ?)`,
  );
  // The checkout's profile update: the same name, phone and CPF written again (webhook confirmation).
  const update = sqlite.prepare(
    'update subscribers set name = ?, phone = ?, cpf = ?, updated_at = ? where id = ?',
  );
  const cpu = (work: (i: number) => void) => {
    const before = process.cpuUsage();
    for (let i = 0; i < WRITES; i++) sqlite.transaction(() => work(i))();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / WRITES;
  };
  const inserted = cpu((i) =>
    insert.run(
      `w${i}`,
      `Maria Aparecida Souza ${i}`,
      `maria.souza.${i}@exemplo.com.br`,
      `1198765${String(i).padStart(4, '0')}`,
      `5299822${String(i).padStart(4, '0')}`,
      `W${i}`,
      Date.now(),
      Date.now(),
    ),
  );
  const updated = cpu((i) =>
    update.run(
      `Maria Aparecida Souza ${i}`,
      `1198765${String(i).padStart(4, '0')}`,
      `5299822${String(i).padStart(4, '0')}`,
      Date.now(),
      `w${i}`,
    ),
  );
  console.log(
    `subscriber insert: ${Math.round(inserted)} µs CPU; unchanged profile update: ${Math.round(updated)} µs CPU (${WRITES} writes each)`,
  );
} finally {
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
