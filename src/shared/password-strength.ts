/**
 * Is a new password guessable? A maintained estimator (zxcvbn-ts) with the common passwords and
 * keyboard patterns of every language plus a Brazilian Portuguese dictionary (words, first names,
 * surnames), and the person's own name and e-mail and the club's words as things not to use.
 *
 * The server checks every new password with it (register, set-password, change password,
 * admin:create); the browser loads this module lazily, only on the screens where a password is
 * chosen, to say the same thing before the form is sent.
 *
 * The estimator and its dictionaries are heavy (~9 MB of a server's memory once loaded, ~16 MB
 * after a first check; megabytes to download): this module imports them only with the first check
 * (`loadPasswordEstimator`), so a server that nobody chooses a password on never holds them
 * (docs/performance.md, "Memory of the server"). Hence the checks are asynchronous: the server's
 * callers await them before their transaction. Never import this module statically from client code.
 */
import type { TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { loadOnce } from './load-once';

/**
 * zxcvbn's score, 0–4: 3 means about 10^8 guesses or more, out of reach of an online attacker and
 * slow even offline against argon2id. Below it the password is refused.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this club that a password should not lean on. */
const CLUB_WORDS = ['confraria', 'confrade', 'confrades', 'vinho', 'vinhos', 'amigos', 'wine', 'clube'];

/** Our own words for what makes a password guessable (the estimator names the pattern it found). */
const WARNINGS: TranslationKeys['warnings'] = {
  straightRow: 'Letras em sequência no teclado são fáceis de adivinhar.',
  keyPattern: 'Padrões de teclado são fáceis de adivinhar.',
  simpleRepeat: 'Caracteres repetidos, como "aaa", são fáceis de adivinhar.',
  extendedRepeat: 'Repetições, como "abcabcabc", são fáceis de adivinhar.',
  sequences: 'Sequências como "abc" ou "123" são fáceis de adivinhar.',
  recentYears: 'Anos recentes são fáceis de adivinhar.',
  dates: 'Datas são fáceis de adivinhar.',
  topTen: 'Esta é uma das senhas mais usadas.',
  topHundred: 'Esta é uma das senhas mais usadas.',
  common: 'Esta é uma das senhas mais usadas.',
  similarToCommon: 'Esta senha é parecida com uma das senhas mais usadas.',
  wordByItself: 'Uma palavra sozinha é fácil de adivinhar.',
  namesByThemselves: 'Nomes e sobrenomes são fáceis de adivinhar.',
  commonNames: 'Nomes e sobrenomes são fáceis de adivinhar.',
  userInputs: 'A senha não deve conter seu nome, seu email ou o nome do clube.',
  pwned: 'Esta senha já apareceu em vazamentos de dados.',
};

export const PASSWORD_STRENGTH_MSG = {
  /** When the estimator names no pattern. */
  guessable: 'Esta senha é fácil de adivinhar.',
  advice:
    'Escolha outra: junte três ou quatro palavras sem relação entre si, ou use uma senha mais longa ' +
    'com letras, números e símbolos.',
} as const;

/**
 * The estimator, its libraries imported and its dictionaries ranked on first use, then held. A
 * failed import is not remembered (the browser's download may fail): the next call tries again.
 */
export const loadPasswordEstimator: () => Promise<ZxcvbnFactory> = loadOnce(async () => {
  const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-pt-br'),
  ]);
  return new ZxcvbnFactory({
    translations: { ...ptBr.translations, warnings: WARNINGS },
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
  });
});

/** The person's own words: name parts and the e-mail with its local part. */
function personalWords(person: { name?: string; email?: string }): string[] {
  const words = [...CLUB_WORDS];
  if (person.name) {
    const parts = person.name.split(/\s+/).filter((part) => part.length > 2);
    words.push(person.name, parts.join(''), ...parts);
  }
  if (person.email) words.push(person.email, person.email.split('@')[0] ?? '');
  return words.filter(Boolean);
}

/** The estimator's score, 0–4, as the server judges it (MIN_PASSWORD_SCORE and up is accepted). */
export async function passwordScore(
  password: string,
  person: { name?: string; email?: string } = {},
): Promise<number> {
  return (await loadPasswordEstimator()).check(password, personalWords(person)).score;
}

export type PasswordVerdict = { ok: true } | { ok: false; message: string };

/** Whether `password` is hard enough to guess; when not, the Portuguese message saying what to do. */
export async function checkPasswordStrength(
  password: string,
  person: { name?: string; email?: string } = {},
): Promise<PasswordVerdict> {
  const result = (await loadPasswordEstimator()).check(password, personalWords(person));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const warning = result.feedback.warning || PASSWORD_STRENGTH_MSG.guessable;
  return { ok: false, message: `${warning} ${PASSWORD_STRENGTH_MSG.advice}` };
}
