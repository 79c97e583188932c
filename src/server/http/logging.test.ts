/** A failed statement reaches the log with its SQL and cause, never with the values it was writing. */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Env } from '../env';
import { loggerOptions } from './logging';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const log = pino(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' } as Env), stream);
  return { log, text: () => lines.join('') };
}

describe('the log of a failed statement', () => {
  const failed = new DrizzleQueryError(
    'insert into "subscribers" ("name", "email", "cpf") values (?, ?, ?)',
    ['Helena Duarte', 'helena@exemplo.com.br', '52998224725'],
    new Error('UNIQUE constraint failed: subscribers.email'),
  );

  it('keeps the statement and drops the values, as an Error or as its message', () => {
    const { log, text } = capture();
    log.error({ err: failed }, 'webhook processing failed');
    log.error({ err: failed.message }, 'webhook processing failed');
    expect(text()).toContain('insert into \\"subscribers\\"');
    for (const value of ['Helena', 'helena@exemplo.com.br', '52998224725'])
      expect(text()).not.toContain(value);
  });
});
