/**
 * Writes a bench club into a data folder's database before its server starts, in a process of its
 * own (bench/run.ts forks it and waits): the server then opens a big database the way it does in
 * production, with nothing of the writing left in its heap or in V8's allocation feedback.
 *
 * Written inside the server process, the 250,000 generated rows taught V8 to allocate some
 * short-lived objects straight into the old generation (allocation-site pretenuring): every young
 * collection then cost 12–20 ms instead of 0.3 ms for the rest of the run, and the big club's
 * figures measured that, not the app (docs/performance.md, "The big club written beforehand").
 *
 *   node --import tsx bench/write-club.ts <data dir> <admin|big>
 */
import { databaseFile, openDatabase } from '../src/server/db/client';
import { generateClub } from './admin/generate';
import type { ClubKind } from './scenario';
import { writeBigClubBacklog } from './scenarios/big-club';

const KINDS: readonly ClubKind[] = ['admin', 'big'];

const [dataDir, kind] = process.argv.slice(2);
if (!dataDir || !KINDS.includes(kind as ClubKind)) {
  console.error('usage: node --import tsx bench/write-club.ts <data dir> <admin|big>');
  process.exit(2);
}

const started = performance.now();
const database = openDatabase(databaseFile(dataDir), process.env.MIGRATIONS_DIR ?? './drizzle');
try {
  generateClub(database.sqlite);
  // The issue-26 club: also pending links from others and a backlog of queued messages.
  if (kind === 'big') writeBigClubBacklog(database.sqlite);
} finally {
  database.close();
}
console.log(`  club written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
