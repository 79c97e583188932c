import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath (where a sign-in returns to)', () => {
  it('keeps a path of the signed-in areas with its list filters and page', () => {
    expect(safeReturnPath('/admin/subscribers?status=active&search=ana&page=3')).toBe(
      '/admin/subscribers?status=active&search=ana&page=3',
    );
    expect(safeReturnPath('/user/payments')).toBe('/user/payments');
    expect(safeReturnPath('/admin/lgpd')).toBe('/admin/lgpd');
    expect(safeReturnPath('/admin')).toBe('/admin');
  });

  it('refuses any other origin, however it is spelled (an open redirect is a security bug)', () => {
    for (const evil of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '\\\\evil.example',
      '/\t/evil.example',
      '/%0a/evil.example',
      ' /admin',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)//admin',
      'data:text/html,<script>alert(1)</script>',
      '///evil.example/admin',
      '/admin\n//evil.example',
    ]) {
      const kept = safeReturnPath(evil);
      if (kept !== null) expect(new URL(kept, 'https://club.example').origin).toBe('https://club.example');
      expect(kept === null || kept.startsWith('/admin') || kept.startsWith('/user')).toBe(true);
    }
    expect(safeReturnPath('//evil.example/admin')).toBeNull();
    expect(safeReturnPath('/\\evil.example/admin')).toBeNull();
    expect(safeReturnPath('https://evil.example/admin')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
  });

  it('refuses paths outside the signed-in areas, lookalikes and the sign-in pages themselves', () => {
    for (const other of ['/', '/login', '/login?redirect=/admin', '/administrador', '/users', '/checkout']) {
      expect(safeReturnPath(other)).toBeNull();
    }
    // Dot segments resolve before the area is checked.
    expect(safeReturnPath('/admin/../login')).toBeNull();
  });

  it('refuses what is not a short string', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/admin'])).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(`/admin/${'a'.repeat(1000)}`)).toBeNull();
  });
});
