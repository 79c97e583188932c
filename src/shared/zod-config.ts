/**
 * zod's own defaults are English ("Invalid input: expected object…") and must never reach a
 * person: an issue whose schema gives no message reads "Dados inválidos". Imported for its effect
 * by every module that builds input schemas, so the server and the browser are configured the
 * moment any schema exists, whichever loads first.
 */
import { z } from 'zod';
import { MSG } from './messages';

z.config({ customError: () => MSG.invalidInput });
