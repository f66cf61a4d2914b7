import { afterEach, describe, expect, it, vi } from 'vitest';

describe('typed memory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('gives zero-filled arrays of the asked length on shared memory', async () => {
    const memory = await import('./typed-memory.ts');
    const ids = memory.int32Array(5);
    expect(ids.length).toBe(5);
    expect([...ids]).toEqual([0, 0, 0, 0, 0]);
    expect(ids.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(memory.float64Array(3).length).toBe(3);
    expect(memory.uint16Array(2).length).toBe(2);
    expect(memory.uint8Array(4).length).toBe(4);
    expect(memory.int8Array(1).length).toBe(1);
  });

  it('falls back to ordinary buffers where SharedArrayBuffer is missing', async () => {
    vi.stubGlobal('SharedArrayBuffer', undefined);
    vi.resetModules();
    const memory = await import('./typed-memory.ts');
    const ids = memory.int32Array(4);
    expect(ids.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...ids]).toEqual([0, 0, 0, 0]);
  });
});
