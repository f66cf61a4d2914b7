import { describe, expect, it } from 'vitest';
import { KeyIndex, KeyTable } from './key-index.ts';

describe('KeyIndex', () => {
  it('groups positions by key in the order they were added, across growth', () => {
    const index = new KeyIndex();
    for (let position = 0; position < 3000; position++) {
      index.add(`K${position % 7}`, position);
      if (position % 1000 === 0) index.add('RARE', position);
    }
    index.finish();
    expect(index.size).toBe(8);
    expect([...index.get('RARE')!]).toEqual([0, 1000, 2000]);
    expect(index.count('K3')).toBe(429);
    expect(index.get('K3')![1]).toBe(10);
    expect(index.get('NONE')).toBeUndefined();
    expect(index.count('NONE')).toBe(0);
  });

  it('answers by id for keys another index of the same table interned later', () => {
    const table = new KeyTable();
    const left = new KeyIndex(table);
    left.add('A', 0);
    left.finish();
    const right = new KeyIndex(table);
    const b = right.add('B', 4);
    right.add('A', 5);
    right.finish();
    expect(left.byId(b)).toBeUndefined();
    expect(left.countById(b)).toBe(0);
    expect([...right.byId(table.id('A'))!]).toEqual([5]);
  });
});

describe('KeyTable', () => {
  it('gives each distinct key one id, stable across growth, and its own instance back', () => {
    const table = new KeyTable();
    const keys = Array.from({ length: 50_000 }, (_, i) => `INV${i * 7919}`);
    const ids = keys.map((key) => table.intern(key));
    expect(ids).toEqual(keys.map((_, i) => i));
    expect(keys.map((key) => table.intern(`${key}`))).toEqual(ids);
    expect(table.size).toBe(50_000);
    expect(table.id('INV7919')).toBe(1);
    expect(table.id('NONE')).toBe(-1);
    expect(table.id('')).toBe(-1);
    expect(table.name(table.intern(''))).toBe('');
    expect(table.name(3)).toBe(keys[3]);
  });

  it('keeps keys beyond Latin-1 (two bytes a character from the first one on) and finds them by chars', () => {
    const table = new KeyTable(4);
    const keys = [
      'ABC',
      'caf\u00e9',
      '',
      'ЖУК',
      'ABC\u0100',
      '\u{1F600}x',
      ...Array.from({ length: 3000 }, (_, i) => `K${i}`),
    ];
    const ids = keys.map((key) => table.intern(key));
    expect(ids).toEqual(keys.map((_, i) => i));
    expect(table.keyNames()).toEqual(keys);
    for (const [i, key] of keys.entries()) {
      const codes = new Uint16Array(key.length);
      for (let k = 0; k < key.length; k++) codes[k] = key.charCodeAt(k);
      expect(table.internChars(codes, key.length)).toBe(i);
      expect(table.id(key)).toBe(i);
      expect(table.nameLength(i)).toBe(key.length);
    }
    expect(table.internChars(Uint16Array.of(0x416, 0x423), 2)).toBe(keys.length);
    expect(table.name(keys.length)).toBe('ЖУ');
    const { chars, start } = table.packed();
    expect(start.length).toBe(table.size + 1);
    expect(String.fromCharCode(...chars.subarray(start[3]!, start[4]!))).toBe('ЖУК');
  });
});
