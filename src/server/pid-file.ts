/**
 * `DATA_DIR/server.pid`: written by a running server, so tools that must not run beside it (a
 * restore) can tell. A file left by a server that died is recognised as stale.
 */
import fs from 'node:fs';
import path from 'node:path';

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server on this data folder, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Records this process as the server of `dataDir`; the file is removed when the process exits. */
export function writePidFile(dataDir: string): void {
  const file = pidFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  process.once('exit', () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  });
}
