import type { RealtimeMessage } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, createTestOrganization } from '../../test/organization-fixture.ts';
import { openSocket, type TestSocket } from '../../test/socket-client.ts';
import { createTestJob } from '../../test/test-job.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { JobQueue } from './job-types.ts';

const steady = createTestJob('test_queue_steady');
const flaky = createTestJob('test_queue_flaky', { retryLimit: 1, retryDelaySeconds: 1 });
const slow = createTestJob('test_queue_slow', { expireInSeconds: 1 });

let server: TestServer;
let jobs: JobQueue;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      workers: true,
      defineJobs(queue) {
        jobs = queue;
        for (const job of [steady, flaky, slow]) queue.define(job.definition);
      },
    },
  );
});
afterAll(async () => {
  await server?.close();
});

/** A member of a fresh organization with a socket open on it. */
async function connectedMember(label: string) {
  const org = await createTestOrganization(server, label);
  const member = await addTestMember(server, org);
  const socket = await openSocket(server.url, org.id, await member.token());
  await socket.subscribed();
  return { org, member, socket };
}

const of = (socket: TestSocket, id: string) => socket.messages.filter((m) => m.id === id);
const statuses = (messages: RealtimeMessage[]) => messages.map((m) => m.info.status);

describe('the job queue', () => {
  it("streams a job's progress in order to its owner's sockets only, then completes and notifies", async () => {
    const { org, member, socket } = await connectedMember('Progress');
    const colleague = await addTestMember(server, org);
    const colleagueSocket = await openSocket(server.url, org.id, await colleague.token());
    const elsewhere = await createTestOrganization(server, 'Elsewhere');
    await addTestMember(server, elsewhere, { email: member.email });
    const ownerElsewhere = await openSocket(server.url, elsewhere.id, await member.token());
    await Promise.all([colleagueSocket.subscribed(), ownerElsewhere.subscribed()]);

    const id = await jobs.enqueue(
      steady.definition.name,
      { steps: 4 },
      { organizationId: org.id, userId: member.id },
    );
    const done = await socket.waitFor((m) => m.id === id && m.info.status === 'completed');
    expect(done).toEqual({
      id,
      source: 'workflow',
      info: { status: 'completed', progress: 100, message: `Done: ${id}`, url: `/files/${id}/result.txt` },
    });
    expect(of(socket, id).map((m) => m.info)).toEqual([
      { status: 'queued', progress: 0, message: 'Queued', displayType: 'progress' },
      { status: 'running', progress: 20, message: 'Step 1 of 4', displayType: 'progress' },
      { status: 'running', progress: 40, message: 'Step 2 of 4', displayType: 'progress' },
      { status: 'running', progress: 60, message: 'Step 3 of 4', displayType: 'progress' },
      { status: 'running', progress: 80, message: 'Step 4 of 4', displayType: 'progress' },
      done.info,
    ]);
    // onSettled stored a notification for the owner and sent it to the same sockets.
    const notification = await socket.waitFor((m) => m.source === 'notification');
    expect(notification.info).toMatchObject({ status: 'completed', message: `Done: ${id}` });

    expect(colleagueSocket.messages).toEqual([]);
    expect(ownerElsewhere.messages).toEqual([]);
    await Promise.all([socket.close(), colleagueSocket.close(), ownerElsewhere.close()]);
  });

  it('retries a failing job per its policy, says so, then reports error once', async () => {
    const { org, member, socket } = await connectedMember('Failing');
    const id = await jobs.enqueue(
      flaky.definition.name,
      { steps: 1, failAttempts: 5 },
      { organizationId: org.id, userId: member.id },
    );
    const error = await socket.waitFor((m) => m.id === id && m.info.status === 'error');
    expect(error.info).toEqual({ status: 'error', message: 'Planned failure 2' });
    expect(flaky.attempts.get(id)).toBe(2);
    expect(statuses(of(socket, id))).toEqual(['queued', 'running', 'retrying', 'running', 'error']);
    expect(of(socket, id)[2]?.info).toEqual({
      status: 'retrying',
      progress: 0,
      message: 'Retrying after: Planned failure 1',
      displayType: 'progress',
    });
    const notification = await socket.waitFor((m) => m.source === 'notification');
    expect(notification.info).toMatchObject({ status: 'error', message: 'Planned failure 2' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(socket.messages.filter((m) => m.source === 'notification')).toHaveLength(1);
    expect(flaky.attempts.get(id)).toBe(2);
    await socket.close();
  });

  it('completes a job whose first attempt failed when the retry succeeds', async () => {
    const { org, member, socket } = await connectedMember('Recovering');
    const id = await jobs.enqueue(
      flaky.definition.name,
      { steps: 1, failAttempts: 1 },
      { organizationId: org.id, userId: member.id },
    );
    await socket.waitFor((m) => m.id === id && m.info.status === 'completed');
    expect(statuses(of(socket, id))).toEqual(['queued', 'running', 'retrying', 'running', 'completed']);
    await socket.close();
  });

  it('aborts a job past its time limit and reports it timed out', async () => {
    const { org, member, socket } = await connectedMember('Slow');
    const id = await jobs.enqueue(
      slow.definition.name,
      { steps: 0, hang: true },
      {
        organizationId: org.id,
        userId: member.id,
      },
    );
    const error = await socket.waitFor((m) => m.id === id && m.info.status === 'error');
    expect(error.info.message).toBe('Timed out after 1 s');
    expect(slow.aborts.get(id)).toBe('Timed out after 1 s');
    await socket.close();
  });

  it('refuses to queue a job kind nobody defined', async () => {
    await expect(jobs.enqueue('no_such_job', {}, { organizationId: 'o', userId: 'u' })).rejects.toThrow(
      'Unknown job "no_such_job": define it first',
    );
  });
});
