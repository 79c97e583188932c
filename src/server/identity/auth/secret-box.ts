/**
 * Small secrets the server must read back (the TOTP keys of two-factor sign-in), sealed with
 * AES-256-GCM under a key kept in a file outside the database: a leaked copy of the database (or a
 * backup snapshot, which holds only the database and the drive) cannot make sign-in codes.
 *
 * The key file is created on first use, readable by the server's user only. Losing it makes the
 * sealed secrets unreadable (their owners sign in with a recovery code and enrol again); moving the
 * club to another machine means copying it too (docs/deploy.md).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: Uint8Array): Buffer;
  /** The secret, or null when the box was not sealed with this key (key file lost or replaced). */
  open(box: Buffer): Uint8Array | null;
}

export function createSecretBox(keyFile: string): SecretBox {
  let key: Buffer | undefined;

  function readKey(): Buffer | undefined {
    if (key) return key;
    try {
      const stored = fs.readFileSync(keyFile);
      if (stored.length === KEY_BYTES) key = stored;
    } catch {
      return undefined;
    }
    return key;
  }

  function keyForSealing(): Buffer {
    const existing = readKey();
    if (existing) return existing;
    fs.mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    const fresh = randomBytes(KEY_BYTES);
    try {
      // `wx`: two processes creating it at once keep the first one's key.
      fs.writeFileSync(keyFile, fresh, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const written = readKey();
    if (!written) throw new Error(`secret key file ${keyFile} is unreadable or not ${KEY_BYTES} bytes`);
    return written;
  }

  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyForSealing(), iv);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), sealed]);
    },
    open(box) {
      const current = readKey();
      if (!current || box.length <= 1 + IV_BYTES + TAG_BYTES || box[0] !== VERSION) return null;
      const iv = box.subarray(1, 1 + IV_BYTES);
      const tag = box.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', current, iv);
        decipher.setAuthTag(tag);
        return new Uint8Array(
          Buffer.concat([decipher.update(box.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]),
        );
      } catch {
        return null;
      }
    },
  };
}
