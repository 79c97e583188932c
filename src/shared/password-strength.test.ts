import { describe, expect, it } from 'vitest';
import {
  checkPasswordStrength,
  MIN_PASSWORD_SCORE,
  PASSWORD_STRENGTH_MSG,
  passwordScore,
} from './password-strength';

const refused = (warning: string) => ({ ok: false, message: `${warning} ${PASSWORD_STRENGTH_MSG.advice}` });

describe('password strength', () => {
  it('refuses common passwords, keyboard runs and Brazilian Portuguese words with digits', async () => {
    expect(await checkPasswordStrength('12345678')).toEqual(refused('Esta é uma das senhas mais usadas.'));
    expect(await checkPasswordStrength('admin123')).toEqual(refused('Esta é uma das senhas mais usadas.'));
    expect(await checkPasswordStrength('qwertyuiop')).toEqual(refused('Esta é uma das senhas mais usadas.'));
    expect(await checkPasswordStrength('senha1234')).toEqual(refused('Esta senha é fácil de adivinhar.'));
    expect((await checkPasswordStrength('flamengo2024')).ok).toBe(false);
    expect((await checkPasswordStrength('brasil2026')).ok).toBe(false);
  });

  it('refuses the person’s own name or e-mail and the club’s words', async () => {
    const person = { name: 'Helena Duarte', email: 'helena.duarte@exemplo.com.br' };
    const own = refused('A senha não deve conter seu nome, seu email ou o nome do clube.');
    expect(await checkPasswordStrength('helenaduarte1', person)).toEqual(own);
    expect(await checkPasswordStrength('Confraria2026', person)).toEqual(own);
    expect(await checkPasswordStrength('confrade123', person)).toEqual(own);
  });

  it('accepts passphrases and long mixed passwords', async () => {
    for (const password of ['Malbec@Serra', 'cabernet sauvignon rio', 'Uva-Madura-42', 'Tannat!97x']) {
      expect(
        await checkPasswordStrength(password, { name: 'Ana', email: 'ana@teste.com.br' }),
        password,
      ).toEqual({
        ok: true,
      });
    }
  });
});

describe('passwordScore (the meter shown while typing)', () => {
  it('is the score the server judges by: accepted exactly from MIN_PASSWORD_SCORE up', async () => {
    for (const password of [
      '12345678',
      'senha123',
      'confraria2026',
      'Taca-Rubi-Adega',
      'gato azul come pizza fria',
    ]) {
      const score = await passwordScore(password);
      expect(score >= MIN_PASSWORD_SCORE, password).toBe((await checkPasswordStrength(password)).ok);
    }
    expect(await passwordScore('12345678')).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(await passwordScore('Taca-Rubi-Adega')).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
  });
});
