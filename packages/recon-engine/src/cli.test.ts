import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main, runCommandLine } from './cli.ts';

const LAUNCHER = fileURLToPath(new URL('../bin/counterpart-recon.mjs', import.meta.url));

describe('counterpart-recon CLI', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'recon-cli-'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('matches two CSV files with a rules file and writes the result', () => {
    writeFileSync(
      path.join(dir, 'bank.csv'),
      'id,amount,date,reference\nb1,"1,000.00",2026-03-02,Acc. INV-2026-000010\nb2,50,2026-03-02,\n',
    );
    writeFileSync(
      path.join(dir, 'ledger.csv'),
      'id,amount,date,reference\ni1,1000,2026-03-01,INV-2026-000010\n',
    );
    const rules = {
      id: 'mine',
      passes: [
        {
          id: 'only-exact',
          kind: 'exact',
          keys: ['reference', 'amount'],
          date_window: { days_before: 5, days_after: 0 },
        },
      ],
    };
    writeFileSync(path.join(dir, 'rules.json'), JSON.stringify(rules));
    const code = main([
      '--left',
      path.join(dir, 'bank.csv'),
      '--right',
      path.join(dir, 'ledger.csv'),
      '--rules',
      path.join(dir, 'rules.json'),
      '--out',
      path.join(dir, 'out.csv'),
    ]);
    expect(code).toBe(0);
    const lines = readFileSync(path.join(dir, 'out.csv'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,reconciled,only-exact,1,left,b1,1000.00,0.00,/);
    expect(lines[3]).toBe(',unreconciled,,,left,b2,50.00,,');
    const summary = JSON.parse(vi.mocked(console.error).mock.calls[0]![0] as string);
    expect(summary.groups).toEqual({ reconciled: 1, partial: 0, suggested: 0 });
  });

  it('runs from any folder through its launcher, with exit 2 and one line for a usage error', () => {
    const help = spawnSync(process.execPath, [LAUNCHER, '--help'], { cwd: tmpdir(), encoding: 'utf8' });
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: counterpart-recon/);
    const wrong = spawnSync(process.execPath, [LAUNCHER, '--lefty', 'a.csv'], {
      cwd: tmpdir(),
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^counterpart-recon: Unknown option '--lefty'[^\n]*\n$/);
  });

  it('prints help and refuses missing arguments or bad rules', async () => {
    expect(main(['--help'])).toBe(0);
    expect(vi.mocked(console.log).mock.calls[0]![0]).toMatch(/Usage: counterpart-recon --left a.csv/);
    expect(main(['--left', 'a.csv'])).toBe(2);
    writeFileSync(path.join(dir, 'l.csv'), 'id,amount,date\n');
    writeFileSync(
      path.join(dir, 'bad.json'),
      JSON.stringify({
        passes: [{ id: 'x', kind: 'magic', date_window: { days_before: 1, days_after: 1 } }],
      }),
    );
    const code = await runCommandLine([
      '--left',
      path.join(dir, 'l.csv'),
      '--right',
      path.join(dir, 'l.csv'),
      '--rules',
      path.join(dir, 'bad.json'),
    ]);
    expect(code).toBe(1);
    expect(vi.mocked(console.error).mock.calls.at(-1)![0]).toMatch(/passes\[0\] \(x\): unknown kind magic/);
  });
});
