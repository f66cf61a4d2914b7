import { describe, expect, it } from 'vitest';
import { parseFrame, socketAddress } from './realtime-wire.ts';

describe('socketAddress', () => {
  it('uses ws on http and wss on https, on the page host, with the query escaped', () => {
    expect(socketAddress({ protocol: 'http:', host: 'localhost:8080' }, 'org-1', 'a.b.c')).toBe(
      'ws://localhost:8080/ws/notifications/?organization_id=org-1&token=a.b.c',
    );
    expect(socketAddress({ protocol: 'https:', host: 'recon.example.com' }, 'o&x', 't+/=')).toBe(
      'wss://recon.example.com/ws/notifications/?organization_id=o%26x&token=t%2B%2F%3D',
    );
  });
});

describe('parseFrame', () => {
  it('reads id, source and the known info fields', () => {
    const frame = JSON.stringify({
      id: 'job-1',
      source: 'export_document',
      info: {
        status: 'running',
        progress: 40,
        message: 'Writing',
        url: '/x',
        displayType: 'progress',
        extra: 1,
      },
    });
    expect(parseFrame(frame)).toEqual({
      id: 'job-1',
      source: 'export_document',
      info: { status: 'running', progress: 40, message: 'Writing', url: '/x', displayType: 'progress' },
    });
  });

  it('keeps a message without id so the reducer can reject it, and numeric ids as text', () => {
    expect(parseFrame('{"source":"workflow","info":{"progress":5}}')).toEqual({
      id: undefined,
      source: 'workflow',
      info: { progress: 5 },
    });
    expect(parseFrame('{"id":7,"source":"workflow"}')).toEqual({ id: '7', source: 'workflow', info: {} });
  });

  it('drops fields of the wrong type', () => {
    expect(parseFrame('{"id":"a","source":"workflow","info":{"progress":"50","message":3}}')?.info).toEqual(
      {},
    );
  });

  it('is null for what is not a message', () => {
    expect(parseFrame('pong')).toBeNull();
    expect(parseFrame('[]')).toBeNull();
    expect(parseFrame('{"id":"a"}')).toBeNull();
    expect(parseFrame('{"id":"a","source":""}')).toBeNull();
  });
});
