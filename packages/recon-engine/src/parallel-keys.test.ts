import { describe, expect, it } from 'vitest';
import { KeyTable } from './key-index.ts';
import { scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import { KeyWorker } from './parallel-keys.ts';
import { prepare } from './prepare.ts';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { generate } from './testdata/generate.ts';
import type { EngineRecord } from './types.ts';

const nothingMatched = { left: new Set<string>(), right: new Set<string>() };

describe('key worker', () => {
  it('loads under the test runner and scans as the main thread does', () => {
    const data = generate({ seed: 5, invoices: 300 });
    const columns = (records: EngineRecord[], last: boolean) => ({
      references: records.map((record) => record.reference),
      texts: records.map((record) => record.text),
      counterparties: records.map((record) => record.counterparty),
      last,
    });
    const worker = KeyWorker.start();
    expect(worker).toBeDefined();
    worker!.send(columns(data.left, false));
    worker!.send(columns(data.right, true));
    const result = worker!.result();
    expect(result).toBeDefined();
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    const left = scanKeys(data.left, 0, data.left.length, scanner);
    const right = scanKeys(data.right, 0, data.right.length, scanner);
    expect(result!.names).toEqual(table.keyNames());
    expect(result!.batches.map((batch) => [...batch.lists.refIds])).toEqual([
      [...left.refIds],
      [...right.refIds],
    ]);
    expect([...result!.batches[1]!.lists.partyStart]).toEqual([...right.partyStart]);
  });

  it('passes an error in the worker on to the run instead of waiting for it', () => {
    const worker = KeyWorker.start();
    expect(worker).toBeDefined();
    const broken = {
      references: [null as unknown as string],
      texts: [undefined],
      counterparties: [undefined],
    };
    worker!.send({ ...broken, last: true });
    expect(() => worker!.result()).toThrow(/key worker failed: TypeError/);
  });

  it('gives every key the id a single thread gives it', () => {
    const data = generate({ seed: 11, invoices: 2_000 });
    const single = prepare(data.left, data.right, nothingMatched, 'never');
    const parallel = prepare(data.left, data.right, nothingMatched, 'always');
    expect(parallel.keys.keyNames()).toEqual(single.keys.keyNames());
    for (const side of ['left', 'right'] as const) {
      for (const field of ['refIds', 'refStart', 'strongCount', 'partyIds', 'partyStart'] as const) {
        expect([...parallel[side][field]], `${side}.${field}`).toEqual([...single[side][field]]);
      }
    }
  });

  it('gives the same run with and without the worker', () => {
    const data = generate({ seed: 3, invoices: 3_000 });
    const single = run(data.left, data.right, defaultRuleSet(), { parallel: 'never' });
    const parallel = run(data.left, data.right, defaultRuleSet(), { parallel: 'always' });
    expect(parallel.groups).toEqual(single.groups);
    expect(parallel.left_open).toEqual(single.left_open);
    expect(parallel.stats.map(({ ms: _, ...stat }) => stat)).toEqual(
      single.stats.map(({ ms: _, ...stat }) => stat),
    );
  });

  it('still refuses bad input with the worker started', () => {
    const data = generate({ seed: 3, invoices: 50 });
    expect(() =>
      run([...data.left, data.left[0]!], data.right, defaultRuleSet(), { parallel: 'always' }),
    ).toThrow(/appears twice/);
  });
});
