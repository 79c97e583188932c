/**
 * A row's id as a call sends it. The app makes 24-character ids (src/server/lib/ids.ts); 64 leaves
 * room for any id written before, and anything longer is refused before a lookup.
 */
import { z } from 'zod';
import './zod-config';

export const RECORD_ID_MAX = 64;

export const recordId = z.string().trim().min(1).max(RECORD_ID_MAX);
