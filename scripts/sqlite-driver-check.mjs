/**
 * `node scripts/sqlite-driver-check.mjs`: does the installed SQLite driver survive V8 collecting its
 * statements? Prints "ok" and exits 0, or the process aborts (exit 134, SIGABRT).
 *
 * Why (ADR 025): better-sqlite3 12 wraps its objects in `node::ObjectWrap`. From Node 24.19 on, that
 * header registers an environment clean-up hook per object and removes it in the destructor, which
 * asserts that a JavaScript context is current. When the garbage collector frees a statement while
 * none is (a GC that does not start from JavaScript, or the last one at exit), the process aborts
 * with "RemoveEnvironmentCleanupHook … Assertion failed: (env) != nullptr" (nodejs/node#65446).
 * Whether a binary has the problem depends on the headers it was compiled against, not on the
 * Node that runs it, so an install must be checked where it was made. Preparing and dropping
 * 50,000 statements makes V8 collect some of them on the way, which a bad binary does not survive.
 *
 * Plain JavaScript on purpose: it runs in a production install (`npm ci --omit=dev`), with no tsx.
 */
import Database from 'better-sqlite3';

const db = new Database(':memory:');
for (let i = 0; i < 50_000; i++) db.prepare(`select ${i % 50}`);
db.close();
console.log('ok');
