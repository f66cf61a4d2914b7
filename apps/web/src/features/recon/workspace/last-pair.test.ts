import { describe, expect, it } from 'vitest';
import { lastPair, rememberPair } from './last-pair.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => map.delete(key),
    setItem: (key, value) => map.set(key, value),
  };
}

describe('last workspace pair', () => {
  it('remembers the pair per organization and ignores what is not a pair', () => {
    const storage = memoryStorage();
    expect(lastPair('org-1', storage)).toBeNull();
    rememberPair('org-1', { left_table_id: 'a', right_table_id: 'b', mapping_id: 'm' }, storage);
    expect(lastPair('org-1', storage)).toEqual({ left_table_id: 'a', right_table_id: 'b', mapping_id: 'm' });
    expect(lastPair('org-2', storage)).toBeNull();
    expect(lastPair(null, storage)).toBeNull();
    storage.setItem('counterpart-last-workspace:org-3', '{"left_table_id":"a","right_table_id":"a"}');
    expect(lastPair('org-3', storage)).toBeNull();
    storage.setItem('counterpart-last-workspace:org-4', 'not json');
    expect(lastPair('org-4', storage)).toBeNull();
  });
});
