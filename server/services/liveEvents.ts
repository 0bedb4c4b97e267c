import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { tournamentMatchesById } from './matchReadModel';
import { divisionMatchesById } from './seasonMatchQueries';

/*
 * Live updates (issue 15). The database publishes every committed change of matches on channel `clutch_live`
 * (triggers of migration 0005: one NOTIFY per tournament or division and statement, inside the writing
 * transaction). Each server instance LISTENs once, reads the changed matches once per event (not per client) and
 * fans the event out to its SSE clients. Topics: `tournament:{id}`, `division:{id}` and `matches` (the staff queues:
 * every match change, ids only).
 *
 * Event ids are the database's sequence numbers, the same on every instance, so a client may reconnect to another
 * instance with `Last-Event-ID`. Each topic keeps its last events in a bounded ring, in arrival (= commit) order;
 * a reconnect replays what follows the client's last event, or answers `reset` (read everything again) when this
 * instance cannot know what the client missed.
 */

export const LIVE_CHANNEL = 'clutch_live';
export const QUEUES_TOPIC = 'matches';
/** Events kept per topic for replay: at most this many, and at most this many bytes of event data. */
export const RING_SIZE = 256;
const RING_BYTES = 1024 * 1024;
/** Topics kept (with their rings) while nobody listens, so a reconnect still replays; the oldest idle go first. */
const MAX_IDLE_TOPICS = 256;

export interface LiveEvent {
  id: string;
  /** `matches` (changed matches, in the shape of the topic's read), `queue` (ids of changed matches), `reset`, `ready`. */
  event: string;
  data: string;
}

export type LiveSend = (event: LiveEvent) => void;

/** Topics of access notices (migration 0007): `access:user`, `access:season`; not match topics (issue 26). */
export const ACCESS_TOPIC_PREFIX = 'access:';
/** Hears access notices, in commit order with the match events (ids null: anything may have changed). */
export type AccessListener = (kind: 'user' | 'season' | null, ids: number[] | null) => Promise<void>;

interface Notice {
  seq: number;
  tx: number;
  topic: string;
  ids: number[] | null;
}

/**
 * Merges the notices of one transaction and topic that arrived together (a reported score also moves the winner on:
 * several statements) into one event, named by its last sequence number; null ids (read everything) win.
 */
export function mergeNotices(notices: Notice[]): Notice[] {
  const merged: Notice[] = [];
  for (const n of notices) {
    const same = merged.find((m) => m.tx === n.tx && m.topic === n.topic);
    if (!same) merged.push({ ...n, ids: n.ids && [...n.ids] });
    else {
      same.seq = Math.max(same.seq, n.seq);
      same.ids = same.ids && n.ids ? [...new Set([...same.ids, ...n.ids])] : null;
    }
  }
  return merged;
}

interface Topic {
  ring: LiveEvent[];
  /** Bytes of data in the ring. */
  bytes: number;
  /** The id a client gets on connecting while the ring is empty: a reconnect with it replays the whole ring. */
  marker: string;
  /** False once the ring dropped an event: the marker no longer proves that nothing was missed. */
  complete: boolean;
  subscribers: Set<LiveSend>;
}

const event = (id: string, name: string, data: unknown): LiveEvent => ({ id, event: name, data: JSON.stringify(data) });

export function createLiveHub(database: Database) {
  const { db } = database;
  const topics = new Map<string, Topic>();
  let chain = Promise.resolve();
  let pending: Notice[] = [];
  let stop: (() => Promise<void>) | null = null;
  let accessListener: AccessListener | null = null;

  const newMarker = () => `m${randomBytes(6).toString('hex')}`;
  const newTopic = (): Topic => ({ ring: [], bytes: 0, marker: newMarker(), complete: true, subscribers: new Set() });

  const publish = (topic: Topic, ev: LiveEvent) => {
    topic.ring.push(ev);
    topic.bytes += ev.data.length;
    while (topic.ring.length > RING_SIZE || (topic.bytes > RING_BYTES && topic.ring.length > 1)) {
      topic.bytes -= topic.ring.shift()!.data.length;
      topic.complete = false;
    }
    for (const send of topic.subscribers) send(ev);
  };

  type Match = { id: number };
  /**
   * The changed matches of a batch's notices, read once for all clients: one read per topic (the ids of all its
   * notices together), started at once for every topic, so a batch costs one round of reads however many notices
   * it holds (an instance that fell behind catches up in one step instead of one read per notice). Null: the read
   * failed (its notices become `reset`).
   */
  const readBatch = (batch: Notice[]): Map<string, Promise<Map<number, Match> | null>> => {
    const wanted = new Map<string, Set<number>>();
    for (const n of batch) {
      if (!n.ids || n.topic.startsWith(ACCESS_TOPIC_PREFIX) || !topics.has(n.topic)) continue;
      const ids = wanted.get(n.topic) ?? new Set<number>();
      for (const id of n.ids) ids.add(id);
      wanted.set(n.topic, ids);
    }
    const reads = new Map<string, Promise<Map<number, Match> | null>>();
    for (const [key, ids] of wanted) {
      const [kind, rawId] = key.split(':');
      const read = kind === 'tournament' ? tournamentMatchesById : divisionMatchesById;
      const rows = read(db, Number(rawId), [...ids]) as Promise<Match[]>;
      reads.set(
        key,
        rows.then(
          (list) => new Map(list.map((m) => [m.id, m])),
          (err: unknown) => {
            console.warn(`Live update of ${key} could not be read`, err);
            return null;
          },
        ),
      );
    }
    return reads;
  };

  /** A tournament or division topic's event: its changed matches, in the read's order. */
  const matchesEvent = async (notice: Notice, read: Promise<Map<number, Match> | null> | undefined): Promise<LiveEvent> => {
    const id = String(notice.seq);
    // No ids: rows were added or removed, or too many changed to name (a new or reset bracket).
    if (!notice.ids || !read) return event(id, 'reset', {});
    const found = await read;
    if (!found) return event(id, 'reset', {});
    const ids = new Set(notice.ids);
    return event(id, 'matches', { matches: [...found.values()].filter((m) => ids.has(m.id)) });
  };

  const handle = async (notice: Notice, reads: Map<string, Promise<Map<number, Match> | null>>) => {
    // An access change (issue 26) ends streams before any later event reaches them; it is no match topic.
    if (notice.topic.startsWith(ACCESS_TOPIC_PREFIX)) {
      const kind = notice.topic.slice(ACCESS_TOPIC_PREFIX.length);
      await accessListener?.(kind === 'user' || kind === 'season' ? kind : null, notice.ids);
      return;
    }
    const topic = topics.get(notice.topic);
    // A topic whose first client came after the batch's reads started is read now.
    if (topic) publish(topic, await matchesEvent(notice, reads.get(notice.topic) ?? readBatch([notice]).get(notice.topic)));
    const queues = topics.get(QUEUES_TOPIC);
    if (queues) publish(queues, event(String(notice.seq), 'queue', { topic: notice.topic, ids: notice.ids }));
  };

  /** Notifications may have been missed (the LISTEN connection dropped): every client reads again. */
  const lost = () => {
    // Access notices may have been missed too: every tracked stream is checked again.
    void accessListener?.(null, null);
    for (const topic of topics.values()) {
      topic.ring = [];
      topic.bytes = 0;
      topic.marker = newMarker();
      topic.complete = true;
      for (const send of topic.subscribers) send(event(topic.marker, 'reset', {}));
    }
  };

  const dropIdleTopics = () => {
    let idle = [...topics.values()].filter((t) => t.subscribers.size === 0).length;
    for (const [key, topic] of topics) {
      if (idle <= MAX_IDLE_TOPICS) break;
      if (topic.subscribers.size === 0) {
        topics.delete(key);
        idle--;
      }
    }
  };

  return {
    async start(): Promise<void> {
      stop = await database.listen(
        LIVE_CHANNEL,
        (payload) => {
          pending.push(JSON.parse(payload) as Notice);
          if (pending.length > 1) return;
          // One batch at a time, so clients get events in commit order even when a read takes longer than the next;
          // the notices that arrive meanwhile form the next batch.
          chain = chain
            .then(async () => {
              const batch = mergeNotices(pending);
              pending = [];
              const reads = readBatch(batch);
              for (const notice of batch) await handle(notice, reads);
            })
            .catch((err) => console.warn('Live update failed', err));
        },
        lost,
      );
    },

    /**
     * Adds a client of `topic`. Returns the events to send first (a replay after `lastEventId`, or `reset` when this
     * instance cannot tell what was missed, then `ready`, whose id a later reconnect sends back) and the function
     * that removes the client.
     */
    subscribe(key: string, lastEventId: string | undefined, send: LiveSend): { first: LiveEvent[]; unsubscribe: () => void } {
      let topic = topics.get(key);
      if (!topic) {
        topic = newTopic();
        topics.set(key, topic);
        dropIdleTopics();
      }
      const first: LiveEvent[] = [];
      if (lastEventId) {
        const at = topic.ring.findIndex((e) => e.id === lastEventId);
        if (at >= 0) first.push(...topic.ring.slice(at + 1));
        else if (lastEventId === topic.marker && topic.complete) first.push(...topic.ring);
        else first.push(event(topic.marker, 'reset', {}));
      }
      const lastId = topic.ring.at(-1)?.id ?? topic.marker;
      first.push(event(lastId, 'ready', {}));
      const current = topic;
      current.subscribers.add(send);
      return { first, unsubscribe: () => current.subscribers.delete(send) };
    },

    /** Who hears access notices (server/services/liveStreamAccess.ts, issue 26). */
    onAccessChange(listener: AccessListener) {
      accessListener = listener;
    },

    /** Waits until every notification received so far was fanned out (tests, the bench). */
    settled: () => chain,

    /** How many clients are connected (the bench). */
    get clients() {
      let n = 0;
      for (const t of topics.values()) n += t.subscribers.size;
      return n;
    },

    async close(): Promise<void> {
      await stop?.();
      stop = null;
      await chain;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
