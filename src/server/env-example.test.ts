import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env';
import { envExample } from './env-example';

describe('npm run env:example', () => {
  const text = envExample();

  it('lists every setting of the schema, each with what it does, its default commented out', () => {
    for (const name of Object.keys(envSchema.shape)) {
      expect(text).toMatch(new RegExp(`\\n# [^\\n]{10,}\\n#${name}=[^\\n]*\\n`));
    }
    expect(text).toContain('\n# HTTP port the server listens on\n#PORT=3000\n');
    expect(text).toContain('\n#BACKUP_TIME=03:30\n');
  });

  it('shows defaults the server accepts back: uncommenting every line with a value changes nothing', () => {
    const raw = Object.fromEntries(
      [...text.matchAll(/^#([A-Z_]+)=(.+)$/gm)].map(([, name, value]) => [name as string, value as string]),
    );
    const parsed = parseEnv({ ...raw, DATA_DIR: '/srv/confraria/data' });
    const defaults = parseEnv({ DATA_DIR: '/srv/confraria/data' });
    expect({ ...parsed, CLIENT_DIR: '', MIGRATIONS_DIR: '' }).toEqual({
      ...defaults,
      CLIENT_DIR: '',
      MIGRATIONS_DIR: '',
    });
  });
});
