import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { MSG } from '../../../shared/messages';
import { registerForm } from './form-schemas';

// A strong password, so the estimator has nothing to say and only name and e-mail are judged.
const form = {
  name: 'Maria da Silva',
  email: 'Maria.Silva@Exemplo.com.br ',
  password: 'vinho-tinto-de-1987!',
  confirmPassword: 'vinho-tinto-de-1987!',
  acceptTerms: true,
};

const messagesOf = async (values: typeof form) => {
  const result = await registerForm.safeParseAsync(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the register form’s name and e-mail (the server’s rules)', () => {
  it('takes a name and an e-mail, trimmed and lower-cased as the server stores it', async () => {
    const result = await registerForm.parseAsync(form);
    expect(result.name).toBe('Maria da Silva');
    expect(result.email).toBe('maria.silva@exemplo.com.br');
  });

  it('says what is wrong in the server’s words', async () => {
    expect(await messagesOf({ ...form, name: '   ' })).toEqual([MSG.nameRequired]);
    expect(await messagesOf({ ...form, name: 'a'.repeat(FIELD_LIMITS.name + 1) })).toEqual([MSG.nameTooLong]);
    expect(await messagesOf({ ...form, email: '' })).toEqual([MSG.emailRequired]);
    expect(await messagesOf({ ...form, email: 'maria@' })).toEqual([MSG.emailInvalid]);
    expect(await messagesOf({ ...form, email: `${'a'.repeat(250)}@x.com` })).toEqual([MSG.emailInvalid]);
  });
});
