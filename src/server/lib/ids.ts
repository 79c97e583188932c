import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** Random, unguessable identifier (120 bits, 24 base32 characters). Used for every row id. */
export function newId(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(15));
}
