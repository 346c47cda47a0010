import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { testEngine } from './helper.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration from the environment', () => {
  it('starts from the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/gatepass',
      DATABASE_URL: 'postgres://app@db:5432/gatepass',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Tickets <tickets@example.com>',
      PUBLIC_URL: 'https://tickets.example.com/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('var/gatepass'),
      databaseUrl: 'postgres://app@db:5432/gatepass',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Tickets <tickets@example.com>',
      // A trailing slash would double up in mailed links.
      publicUrl: 'https://tickets.example.com',
    });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', REDIS_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('lists every bad variable at once, each by name', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://cache',
      SMTP_URL: 'mail.example.com',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
    });
    const variables = problems.map((p) => p.split(':')[0]);
    expect(variables.sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
      'REDIS_URL',
      'SMTP_URL',
    ]);
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/postgres:\/\//);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' }).map((p) => p.split(':')[0])).toEqual(['PORT']);
    expect(problemsOf({ PORT: '-1' }).map((p) => p.split(':')[0])).toEqual(['PORT']);
  });

  // One process start is enough; the database engine plays no part here.
  it.runIf(testEngine === 'pglite')(
    'makes the server exit with status 1, naming each bad variable, before it opens anything',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'mysql://x' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(code).toBe(1);
      expect(output).toContain('Invalid configuration');
      expect(output).toMatch(/PORT:/);
      expect(output).toMatch(/DATABASE_URL:/);
    },
  );
});
