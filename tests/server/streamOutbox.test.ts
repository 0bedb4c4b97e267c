import { describe, expect, it } from 'vitest';
import { createOutbox } from '../../server/http/streamOutbox';

/** Issue 24: an event's writes to many live streams go out a slice per turn of the event loop. */
const nextTurn = () => new Promise((r) => setImmediate(r));
const bytes = (text: string) => Buffer.from(text);

describe('stream outbox', () => {
  it("writes each stream's frames in order, the frames that waited together in one write", async () => {
    const outbox = createOutbox();
    const written: string[] = [];
    const stream = outbox.stream((b) => written.push(b.toString()));
    stream.send(bytes('a'));
    stream.send(bytes('b'));
    expect(stream.queued).toBe(2);
    // Nothing is written in the turn that queued it.
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual(['ab']);
    stream.send(bytes('c'));
    await nextTurn();
    expect(written).toEqual(['ab', 'c']);
    expect(stream.queued).toBe(0);
  });

  it('writes at most a slice of streams per turn, so the event loop answers other sockets in between', async () => {
    const outbox = createOutbox(256);
    let writes = 0;
    const streams = Array.from({ length: 1000 }, () => outbox.stream(() => writes++));
    for (const s of streams) s.send(bytes('x'));
    const seen: number[] = [];
    for (let turn = 0; turn < 5; turn++) {
      await nextTurn();
      seen.push(writes);
    }
    expect(seen).toEqual([256, 512, 768, 1000, 1000]);
  });

  it('writes the oldest waiting streams first', async () => {
    const outbox = createOutbox(2);
    const order: number[] = [];
    const streams = [0, 1, 2, 3].map((n) => outbox.stream(() => order.push(n)));
    for (const n of [2, 0, 3, 1]) streams[n].send(bytes('x'));
    await nextTurn();
    expect(order).toEqual([2, 0]);
    await nextTurn();
    expect(order).toEqual([2, 0, 3, 1]);
  });

  it('writes what is queued at once on flush (a stream about to end), and forgets it on discard (a stream gone)', async () => {
    const outbox = createOutbox();
    const written: string[] = [];
    const ending = outbox.stream((b) => written.push(`ending:${b.toString()}`));
    const gone = outbox.stream((b) => written.push(`gone:${b.toString()}`));
    ending.send(bytes('last event'));
    gone.send(bytes('lost'));
    ending.flush();
    expect(written).toEqual(['ending:last event']);
    gone.discard();
    expect(gone.queued).toBe(0);
    await nextTurn();
    await nextTurn();
    expect(written).toEqual(['ending:last event']);
  });

  it('tells when every stream queued so far wrote its frames, without waiting for streams queued after', async () => {
    const outbox = createOutbox(2);
    let writes = 0;
    await outbox.idle();
    const first = Array.from({ length: 4 }, () => outbox.stream(() => writes++));
    for (const s of first) s.send(bytes('x'));
    const idle = outbox.idle();
    const later = Array.from({ length: 4 }, () => outbox.stream(() => writes++));
    for (const s of later) s.send(bytes('y'));
    await idle;
    // Two turns of two streams each: the four queued before; the four after are still waiting.
    expect(writes).toBe(4);
    await outbox.idle();
    expect(writes).toBe(8);
  });
});
