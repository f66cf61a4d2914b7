import { describe, expect, it } from 'vitest';
import { ChunkClaims } from './chunk-claims.ts';
import { KeyTable } from './key-index.ts';
import { concatKeyLists, type KeyLists, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import { KeyWorker } from './key-worker-thread.ts';
import { packStrings } from './packed-strings.ts';
import { columns, workerParts } from './parallel-keys.ts';
import { PayerTable, payerTableOf, takePayersRead } from './payer-table.ts';
import { prepare } from './prepare.ts';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { sortRecords } from './sort-records.ts';
import { generate } from './testdata/generate.ts';

const nothingMatched = { left: new Set<string>(), right: new Set<string>() };

// Starting a worker thread that loads tsx takes seconds on a loaded 2-core machine.
describe('key worker', { timeout: 180_000 }, () => {
  it('loads under the test runner and takes the chunks the main thread leaves, with single-thread ids', () => {
    const data = generate({ seed: 5, invoices: 20_000 });
    const boundary = data.left.length;
    const claims = ChunkClaims.create(boundary + data.right.length, boundary);
    const worker = KeyWorker.start();
    expect(worker).toBeDefined();
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    // The main thread takes the first chunk before the worker gets anything; the worker the rest.
    const [start, end] = claims.front()!;
    const parts: Array<{ start: number; lists: KeyLists; remap?: Int32Array }> = [
      { start, lists: scanKeys(data.left, start, end, scanner) },
    ];
    worker!.send({
      ...columns(data.right, 0),
      offset: boundary,
      claims: claims.state.buffer as SharedArrayBuffer,
      boundary,
      last: false,
    });
    worker!.send({ ...columns(data.left, 0), offset: 0, last: true });
    const result = worker!.result();
    expect(result).toBeDefined();
    expect(result!.batches.length).toBeGreaterThan(1);
    parts.push(...workerParts(result!, table));

    const single = new KeyTable();
    const singleScanner = new KeyScanner(single);
    const left = scanKeys(data.left, 0, data.left.length, singleScanner);
    const right = scanKeys(data.right, 0, data.right.length, singleScanner);
    expect(table.keyNames()).toEqual(single.keyNames());
    const joinedLeft = concatKeyLists(parts.filter((part) => part.start < boundary));
    const joinedRight = concatKeyLists(parts.filter((part) => part.start >= boundary));
    expect([...joinedLeft.refIds]).toEqual([...left.refIds]);
    expect([...joinedLeft.partyIds]).toEqual([...left.partyIds]);
    expect([...joinedRight.refIds]).toEqual([...right.refIds]);
    expect([...joinedRight.refStart]).toEqual([...right.refStart]);
    expect([...joinedRight.strongCount]).toEqual([...right.strongCount]);
  });

  it('passes an error in the worker on to the run instead of waiting for it', () => {
    const worker = KeyWorker.start();
    expect(worker).toBeDefined();
    // A reference column whose chunk is missing: reading it throws a TypeError in the worker.
    const broken = {
      references: { length: 1, chunks: [], ends: Int32Array.of(3) },
      texts: packStrings(1, () => undefined),
      counterparties: packStrings(1, () => undefined),
    };
    const claims = ChunkClaims.create(1, 1);
    worker!.send({
      ...broken,
      offset: 0,
      claims: claims.state.buffer as SharedArrayBuffer,
      boundary: 1,
      last: true,
    });
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

  it('handles an empty side with the worker started', () => {
    const data = generate({ seed: 8, invoices: 12_000 });
    for (const [left, right] of [
      [[], data.right],
      [data.left, []],
    ] as const) {
      const single = run(left, right, defaultRuleSet(), { parallel: 'never' });
      const parallel = run(left, right, defaultRuleSet(), { parallel: 'always' });
      expect(parallel.left_open).toEqual(single.left_open);
      expect(parallel.right_open).toEqual(single.right_open);
      expect(parallel.groups).toEqual(single.groups);
    }
  });

  it('still refuses bad input with the worker started', () => {
    const data = generate({ seed: 3, invoices: 50 });
    expect(() =>
      run([...data.left, data.left[0]!], data.right, defaultRuleSet(), { parallel: 'always' }),
    ).toThrow(/appears twice/);
  });

  it('reads every payer in the worker as the main thread reads them, once its keys are answered', () => {
    const data = generate({ seed: 4, invoices: 10_000 });
    const left = sortRecords(data.left);
    const boundary = left.length;
    const claims = ChunkClaims.create(boundary + data.right.length, boundary);
    const worker = KeyWorker.start()!;
    // The main thread takes every chunk but the last before the worker can: it still answers, then reads.
    while (claims.front()![1] < boundary + data.right.length - 8192);
    worker.send({
      ...columns(data.right, 0),
      offset: boundary,
      claims: claims.state.buffer as SharedArrayBuffer,
      boundary,
      last: false,
    });
    worker.send({ ...columns(left, 0), offset: 0, last: true, payers: true });
    expect(worker.result(true)).toBeDefined();
    const read = worker.payers(true);
    expect(read).toBeTypeOf('object');
    const fromWorker = new PayerTable({ records: left }, read as Exclude<typeof read, string | undefined>);
    const onMain = new PayerTable({ records: left });
    let payers = 0;
    for (let l = 0; l < left.length; l++) {
      const [a, b] = [fromWorker.identityOf(l), onMain.identityOf(l)];
      expect(a < 0, `record ${l}`).toBe(b < 0);
      if (a < 0) continue;
      payers++;
      expect(fromWorker.identities[a]).toEqual(onMain.identities[b]);
      const names = (table: PayerTable, id: number) =>
        [...table.keysOf[id]!].map((key) => table.keyNames[key]);
      expect(names(fromWorker, a)).toEqual(names(onMain, b));
    }
    expect(payers).toBeGreaterThan(5_000);
    // Taken once: the worker is ended, a second take gives nothing (the main thread would read).
    expect(worker.payers(true)).toBeUndefined();
  });

  it('leaves the payers to the worker in a run that reads them, and ends it however the run ends', () => {
    const data = generate({ seed: 4, invoices: 20_000 });
    const prepared = prepare(data.left, data.right, nothingMatched, 'always', true);
    // Kept only when the worker answered (it may not have loaded in time on a loaded machine).
    if (prepared.payersRead) {
      const table = payerTableOf(prepared);
      expect(prepared.payersRead).toBeUndefined();
      expect(table.identities.length).toBeGreaterThan(1_000);
    }
    const unused = prepare(data.left, data.right, nothingMatched, 'always', true);
    takePayersRead(unused, true);
    expect(unused.payersRead).toBeUndefined();
    expect(prepare(data.left, data.right, nothingMatched, 'always').payersRead).toBeUndefined();
  });
});
