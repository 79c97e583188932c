/**
 * `node scripts/sqlite-driver-check.mjs`: does the installed SQLite driver load and survive V8
 * collecting its statements? Prints "ok" and exits 0, or fails (an abort is exit 134, SIGABRT).
 *
 * better-sqlite3 12 aborted the process on Node 24.19 and later when the garbage collector freed a
 * statement outside JavaScript (ADR 025); version 13, on Node-API, does not (ADR 032). Preparing
 * and dropping 50,000 statements makes V8 collect some of them on the way. The production install
 * check runs it too, on the prebuilt binary the npm package ships.
 *
 * Plain JavaScript on purpose: it runs in a production install (`npm ci --omit=dev`), with no tsx.
 */
import Database from 'better-sqlite3';

const db = new Database(':memory:');
for (let i = 0; i < 50_000; i++) db.prepare(`select ${i % 50}`);
db.close();
console.log('ok');
