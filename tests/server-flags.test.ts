/**
 * The server runs with the same Node flags however it is started — `npm start` and the systemd unit
 * of docs/deploy.md — and those flags cap V8's young generation (left to itself, V8 grows it to its
 * maximum at start-up and an idle server never gives it back) and its old generation (under a burst
 * of visitors a large machine's heap grew to 500 MiB; docs/performance.md, "Memory of the server"). `npm run bench`'s memory line starts the server with `npm start`'s flags.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/server/env';
import { startFlags } from '../bench/memory';

describe('how the server is started', () => {
  it('npm start and the systemd unit give Node the same flags, the young and old generations capped', () => {
    const flags = startFlags();
    expect(flags).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
    // And the old generation, as V8 would size it on the 1 GB server the guide promises.
    expect(flags).toContainEqual('--max-old-space-size=256');
    const unit = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploy/confraria.service'), 'utf8');
    const execStart = /^ExecStart=(\S+) (.*) dist\/server\/main\.js$/m.exec(unit);
    expect(execStart, 'the unit runs dist/server/main.js').not.toBeNull();
    // The unit reads its settings file; every other flag is npm start's.
    const unitFlags = execStart![2]!.split(' ').filter((flag) => !flag.startsWith('--env-file='));
    expect(unitFlags).toEqual(flags);
  });
});
