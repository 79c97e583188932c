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
 *   DATA_DIR=… node --import tsx bench/write-club.ts <admin|big>
 */
import { databaseFile, openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { generateClub } from './admin/generate';
import type { ClubKind } from './scenario';
import { writeBigClubBacklog } from './scenarios/big-club';

const KINDS: readonly ClubKind[] = ['admin', 'big'];

const kind = process.argv[2];
if (!KINDS.includes(kind as ClubKind)) {
  console.error('usage: DATA_DIR=… node --import tsx bench/write-club.ts <admin|big>');
  process.exit(2);
}

// The folder and the migrations as the server will read them.
const env = loadEnv();
const started = performance.now();
const database = openDatabase(databaseFile(env.DATA_DIR), env.MIGRATIONS_DIR);
try {
  generateClub(database.sqlite);
  // The issue-26 club: also pending links from others and a backlog of queued messages.
  if (kind === 'big') writeBigClubBacklog(database.sqlite);
} finally {
  database.close();
}
console.log(`  club written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
