import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, heldAnswersKey, loadConfig } from '../../src/config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('loadConfig accepted the configuration');
}

const secret = 'x'.repeat(40);

describe('loadConfig', () => {
  it('lists every bad variable at once, naming each', () => {
    const problems = problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
  });

  it('puts every problem in the error message', () => {
    const env = { DATA_DIR: tempDir(), JWT_SECRET: 'short', SMTP_URL: 'http://mail', SEED_DEMO: 'maybe' };
    expect(problemsOf(env).map((p) => p.split(':')[0]).sort()).toEqual(['JWT_SECRET', 'SEED_DEMO', 'SMTP_URL']);
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'SEED_DEMO']) expect(message).toContain(name);
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, PORT: '70000' })[0]).toMatch(/^PORT:/);
  });

  it('refuses REPORTS_DATABASE_URL without DATABASE_URL, saying why', () => {
    const problems = problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, REPORTS_DATABASE_URL: 'postgres://lectura@replica/encuestas' });
    expect(problems).toEqual([expect.stringMatching(/^REPORTS_DATABASE_URL needs DATABASE_URL/)]);
  });

  it('takes REPORTS_DATABASE_URL beside DATABASE_URL, and only a postgres:// URL', () => {
    const env = { DATA_DIR: tempDir(), JWT_SECRET: secret, DATABASE_URL: 'postgres://app@primary/encuestas' };
    expect(loadConfig({ ...env, REPORTS_DATABASE_URL: 'postgresql://app@replica/encuestas' }).REPORTS_DATABASE_URL).toBe('postgresql://app@replica/encuestas');
    expect(loadConfig(env).REPORTS_DATABASE_URL).toBeUndefined();
    expect(problemsOf({ ...env, REPORTS_DATABASE_URL: 'mysql://replica/encuestas' })[0]).toMatch(/^REPORTS_DATABASE_URL:/);
  });

  it('rejects ADMIN_EMAIL without ADMIN_PASSWORD', () => {
    const problems = problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, ADMIN_EMAIL: 'jefa@uni.mx' });
    expect(problems.join('\n')).toMatch(/ADMIN_EMAIL/);
    expect(problems.join('\n')).toMatch(/ADMIN_PASSWORD/);
  });

  it('rejects ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, ADMIN_PASSWORD: 'Segura2026!' }).join('\n')).toMatch(
      /ADMIN_EMAIL/,
    );
  });

  it('refuses ANONYMITY_BATCH below MIN_GROUP_SIZE, saying why; accepts it equal or above, or with the rule off', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: secret };
    const problems = problemsOf({ ...base, ANONYMITY_BATCH: '3' }).join('\n');
    expect(problems).toMatch(/ANONYMITY_BATCH \(3\) must be at least MIN_GROUP_SIZE \(5\)/);
    expect(problemsOf({ ...base, MIN_GROUP_SIZE: '10' }).join('\n')).toMatch(/ANONYMITY_BATCH \(5\) must be at least MIN_GROUP_SIZE \(10\)/);
    expect(loadConfig({ ...base, ANONYMITY_BATCH: '5' }).ANONYMITY_BATCH).toBe(5);
    expect(loadConfig({ ...base, ANONYMITY_BATCH: '8', MIN_GROUP_SIZE: '8' }).MIN_GROUP_SIZE).toBe(8);
    expect(loadConfig({ ...base, ANONYMITY_BATCH: '1', MIN_GROUP_SIZE: '0' }).ANONYMITY_BATCH).toBe(1);
  });

  it('accepts ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, ADMIN_EMAIL: 'jefa@uni.mx', ADMIN_PASSWORD: 'Segura2026!' });
    expect(config.ADMIN_EMAIL).toBe('jefa@uni.mx');
    expect(config.ADMIN_PASSWORD).toBe('Segura2026!');
  });

  it('generates JWT_SECRET once, keeps it in DATA_DIR and reuses it on the next start', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first.JWT_SECRET);
  });

  it('gives a different generated secret to a different DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).JWT_SECRET).not.toBe(loadConfig({ DATA_DIR: tempDir() }).JWT_SECRET);
  });

  it('uses a given JWT_SECRET without writing a file', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      SEED_DEMO: true,
      PUBLIC_URL: 'http://localhost:8080',
      PLATFORM_NAME: 'Encuestas',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it('uses ./data as DATA_DIR by default', () => {
    // A JWT_SECRET is given, so nothing is written to ./data.
    expect(loadConfig({ JWT_SECRET: secret }).DATA_DIR).toBe('./data');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, PUBLIC_URL: 'https://encuestas.uni.mx/' }).PUBLIC_URL,
    ).toBe('https://encuestas.uni.mx');
  });

  it('reads SEED_DEMO=false and accepts postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, DATABASE_URL: 'postgresql://u@h/db' }).DATABASE_URL).toBe(
      'postgresql://u@h/db',
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which: true/false, a hop count or addresses and CIDRs', () => {
    const trustProxy = (value?: string) => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toBe('10.0.0.1,192.168.0.0/16,::1,fd00::/8,loopback');
    for (const bad of ['yes-please', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'example.com']) {
      expect(problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, TRUST_PROXY: bad })[0]).toMatch(/^TRUST_PROXY:/);
    }
  });

  it('reads RESPONDENT_EMAIL_DOMAINS as a list of domains (any when unset), and lists a bad one with the other bad variables', () => {
    const domains = (value?: string) => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, RESPONDENT_EMAIL_DOMAINS: value }).RESPONDENT_EMAIL_DOMAINS;
    expect(domains()).toBeUndefined();
    expect(domains('')).toBeUndefined();
    expect(domains(' Alumnos.Uni.MX, @uni.mx,uni.mx ')).toEqual(['alumnos.uni.mx', 'uni.mx']);
    expect(domains('xn--universidad-9db.mx')).toEqual(['xn--universidad-9db.mx']);
    for (const bad of ['uni', 'uni.mx,', 'alumno@uni.mx', 'uni .mx', '*.uni.mx', 'https://uni.mx', '-uni.mx']) {
      expect(problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, RESPONDENT_EMAIL_DOMAINS: bad }), bad).toEqual([
        'RESPONDENT_EMAIL_DOMAINS: must be a comma list of e-mail domains such as alumnos.uni.mx,uni.mx',
      ]);
    }
    const both = problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, RESPONDENT_EMAIL_DOMAINS: 'uni', PORT: 'abc' });
    expect(both.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'RESPONDENT_EMAIL_DOMAINS']);
  });

  it('sets the teacher groups at 4.5 and 3.5 unless told, and refuses cut points off the 1–5 scale or out of order', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: secret };
    expect(loadConfig(base)).toMatchObject({ TEACHER_OUTSTANDING_MIN: 4.5, TEACHER_SUFFICIENT_MIN: 3.5 });
    expect(loadConfig({ ...base, TEACHER_OUTSTANDING_MIN: '4.8', TEACHER_SUFFICIENT_MIN: '4' })).toMatchObject({
      TEACHER_OUTSTANDING_MIN: 4.8,
      TEACHER_SUFFICIENT_MIN: 4,
    });
    expect(problemsOf({ ...base, TEACHER_OUTSTANDING_MIN: '6' })[0]).toMatch(/^TEACHER_OUTSTANDING_MIN:/);
    expect(problemsOf({ ...base, TEACHER_SUFFICIENT_MIN: 'tres' })[0]).toMatch(/^TEACHER_SUFFICIENT_MIN:/);
    expect(problemsOf({ ...base, TEACHER_SUFFICIENT_MIN: '4.5' })).toEqual(['TEACHER_SUFFICIENT_MIN must be below TEACHER_OUTSTANDING_MIN']);
  });

  it('takes HELD_ANSWERS_KEY as 32 bytes in base64 and refuses anything else', () => {
    const key = Buffer.alloc(32, 5).toString('base64');
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, HELD_ANSWERS_KEY: key });
    expect(heldAnswersKey(config).export().toString('base64')).toBe(key);
    for (const bad of [Buffer.alloc(16, 5).toString('base64'), 'not base64 at all!', `${key}x`]) {
      expect(problemsOf({ DATA_DIR: tempDir(), JWT_SECRET: secret, HELD_ANSWERS_KEY: bad })[0]).toMatch(/^HELD_ANSWERS_KEY: must be 32 bytes in base64/);
    }
  });

  it('generates the held answers key once in KEYS_DIR, outside DATA_DIR, and reuses it on the next start', () => {
    const base = tempDir();
    const env = { DATA_DIR: path.join(base, 'data'), KEYS_DIR: path.join(base, 'keys'), JWT_SECRET: secret };
    const first = heldAnswersKey(loadConfig(env));
    const file = path.join(base, 'keys', 'held-answers-key');
    expect(existsSync(file)).toBe(true);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(heldAnswersKey(loadConfig(env)).equals(first)).toBe(true);
    expect(readdirSync(path.join(base, 'keys'))).toEqual(['held-answers-key']);
    // A copy of the data folder does not carry it, and a key file that is not a key stops the start.
    expect(existsSync(path.join(base, 'data'))).toBe(false);
    writeFileSync(file, 'short');
    expect(() => heldAnswersKey(loadConfig(env))).toThrow(ConfigError);
  });

  it('refuses a KEYS_DIR inside DATA_DIR unless HELD_ANSWERS_KEY is given', () => {
    const dataDir = tempDir();
    for (const keysDir of [dataDir, path.join(dataDir, 'keys')]) {
      expect(problemsOf({ DATA_DIR: dataDir, KEYS_DIR: keysDir, JWT_SECRET: secret })[0]).toMatch(/KEYS_DIR must be outside DATA_DIR/);
    }
    expect(loadConfig({ DATA_DIR: dataDir, KEYS_DIR: dataDir, JWT_SECRET: secret, HELD_ANSWERS_KEY: Buffer.alloc(32).toString('base64') }).KEYS_DIR).toBe(dataDir);
  });
});
