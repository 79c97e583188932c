/** The one secret scrubber, in both of its uses: log lines (URLs, bodies) and provider texts. */
import { describe, expect, it } from 'vitest';
import { providerText } from './provider-status';
import { redactSecrets, withoutStatementValues } from './redact';

describe('redactSecrets', () => {
  it('masks query values named like secrets in URLs and message bodies', () => {
    expect(redactSecrets('/definir-senha?token=abc123&x=1')).toBe('/definir-senha?token=[redacted]&x=1');
    expect(redactSecrets('Acesse http://c/x?senha=s3gr3d0 agora')).toBe(
      'Acesse http://c/x?senha=[redacted] agora',
    );
    expect(redactSecrets('GET /api?cpf=52998224725')).toBe('GET /api?cpf=[redacted]');
  });

  it('masks every occurrence of the secrets the caller knows, ignoring values too short to be one', () => {
    expect(redactSecrets('key sk_test_123 failed; sk_test_123 again', ['sk_test_123', undefined])).toBe(
      'key [redacted] failed; [redacted] again',
    );
    expect(redactSecrets('ab is not secret', ['ab'])).toBe('ab is not secret');
  });

  it('keeps long texts whole (log bodies are not cut)', () => {
    const body = 'x'.repeat(2000);
    expect(redactSecrets(body)).toBe(body);
  });
});

describe('providerText', () => {
  it('removes the secrets and caps the text at 500 characters', () => {
    const text = providerText(`401 token EAAB-secret ${'y'.repeat(600)}`, ['EAAB-secret']);
    expect(text).toHaveLength(500);
    expect(text.startsWith('401 token [redacted] ')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('withoutStatementValues', () => {
  it('keeps a failed statement and drops its values', () => {
    const message =
      'Failed query: insert into "subscribers" ("name", "cpf") values (?, ?)\nparams: Helena Duarte,52998224725';
    expect(withoutStatementValues(message)).toBe(
      'Failed query: insert into "subscribers" ("name", "cpf") values (?, ?)\nparams: [redacted]',
    );
    expect(withoutStatementValues('UNIQUE constraint failed: payments.id')).toBe(
      'UNIQUE constraint failed: payments.id',
    );
  });
});
