import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-secret-box-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('seals with a key file it creates readable by the server only, and opens what it sealed', () => {
    const keyFile = path.join(dir, 'secrets', 'two-factor.key');
    const box = createSecretBox(keyFile);
    const secret = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const sealed = box.seal(secret);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    expect(box.open(sealed)).toEqual(secret);
    // Each seal is different (random IV), and a later process with the same file opens both.
    const again = box.seal(secret);
    expect(again.equals(sealed)).toBe(false);
    expect(createSecretBox(keyFile).open(again)).toEqual(secret);
  });

  it('opens nothing without its key file, with another key, or when the box was altered', () => {
    const sealed = createSecretBox(path.join(dir, 'a.key')).seal(new Uint8Array([42, 43]));
    expect(createSecretBox(path.join(dir, 'missing.key')).open(sealed)).toBeNull();
    const other = createSecretBox(path.join(dir, 'b.key'));
    other.seal(new Uint8Array([0]));
    expect(other.open(sealed)).toBeNull();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(createSecretBox(path.join(dir, 'a.key')).open(altered)).toBeNull();
    expect(createSecretBox(path.join(dir, 'a.key')).open(Buffer.from([1, 2]))).toBeNull();
  });
});
