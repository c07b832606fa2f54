import { randomBytes } from 'node:crypto';
import { serializeMessage, type SharedReplay } from '../../core/internal.js';
import type { SseStream } from './sse.writer.js';

interface Recorded {
  readonly seq: number;
  readonly data: string;
}

/** The reconnection delay a priming event suggests, in milliseconds. */
const RETRY_MS = 1_000;

/**
 * One event stream of an initialize-era session, resumable: every event gets an id
 * (`<stream>-<seq>`) and is kept in the session's bounded replay log, so that a client whose
 * connection broke can come back with `GET` + `Last-Event-ID` and receive what it missed, then
 * what follows.
 * @internal
 */
export class ResumableStream {
  private readonly events: Recorded[] = [];
  private nextSeq = 1;
  private ended = false;

  constructor(
    readonly streamId: string,
    private live: SseStream | undefined,
    /** Told of each event recorded, with its characters, so that the logs stay within bounds. */
    private readonly onRecord: (stream: ResumableStream, chars: number) => void,
    /** Where the stream is also recorded for the other instances, with its session id. */
    private readonly shared?: { readonly replay: SharedReplay; readonly sessionId: string },
  ) {}

  /** Writes a priming event (id, empty data) so that the client can resume from the start. */
  prime(): void {
    if (this.live !== undefined && !this.live.isClosed)
      this.live.writeEvent('', `${this.streamId}-0`, RETRY_MS);
  }

  /**
   * Ends the connection but not the stream (2025-11-25 polling): what follows is kept for the
   * client, which comes back with `GET` + `Last-Event-ID` after the `retry` delay.
   */
  disconnect(): void {
    if (this.live !== undefined && !this.live.isClosed) this.live.close();
    this.live = undefined;
  }

  /** Records a message and writes it to the live connection, if there is one. */
  send(message: unknown): void {
    const data = serializeMessage(message as object);
    const seq = this.nextSeq++;
    this.events.push({ seq, data });
    this.bytes += data.length;
    this.onRecord(this, data.length);
    // Best effort: while the shared log is unreachable, only this instance can resume the stream.
    this.shared?.replay
      .append(this.shared.sessionId, this.streamId, { seq, data })
      .catch(() => undefined);
    if (this.live !== undefined && !this.live.isClosed)
      this.live.writeEvent(data, `${this.streamId}-${seq}`);
  }

  /** The stream is complete (its response was sent): a resumed connection closes after the replay. */
  end(): void {
    this.ended = true;
    this.shared?.replay.end(this.shared.sessionId, this.streamId).catch(() => undefined);
    if (this.live !== undefined && !this.live.isClosed) this.live.close();
  }

  /** Drops the oldest event; `false` when there was none. */
  dropOldest(): boolean {
    const dropped = this.events.shift();
    if (dropped !== undefined) this.bytes -= dropped.data.length;
    return dropped !== undefined;
  }

  get size(): number {
    return this.events.length;
  }

  /** The characters kept. */
  bytes = 0;

  get isEnded(): boolean {
    return this.ended;
  }

  /** Resumes on a new connection: replays the events after `seq`, then carries on there. */
  resume(stream: SseStream, afterSeq: number): void {
    this.live = stream;
    for (const event of this.events)
      if (event.seq > afterSeq) stream.writeEvent(event.data, `${this.streamId}-${event.seq}`);
    if (this.ended) stream.close();
  }
}

/** The characters the streams of one session keep. */
const charsOf = (streams: ReadonlyMap<string, ResumableStream>): number => {
  let chars = 0;
  for (const stream of streams.values()) chars += stream.bytes;
  return chars;
};

/**
 * The replay logs of initialize-era sessions: at most 100 events and 1 MiB per session (oldest
 * events dropped first), for the 1,000 most recently active sessions, and at most 64 MiB of text
 * in all (the logs of the least recently active sessions dropped first). A client that fills them
 * pushes out the oldest logs and holds no more memory: a resume that finds none gets 404, and the
 * client sends its request again.
 * @internal
 */
export class ReplayBuffer {
  private next = 0;
  /** Stream ids start with this instance's own prefix, so that they are unique across instances. */
  private readonly prefix = `s${randomBytes(4).toString('hex')}n`;
  private readonly sessions = new Map<string, Map<string, ResumableStream>>();
  /** The characters every log keeps together. */
  private total = 0;

  constructor(
    private readonly maxEventsPerSession = 100,
    private readonly maxCharsPerSession = 1024 * 1024,
    private readonly maxSessions = 1_000,
    private readonly shared?: SharedReplay,
    private readonly maxTotalChars = 64 * 1024 * 1024,
  ) {}

  /** How many sessions have a replay log here, and the characters the logs keep. */
  get stats(): { readonly sessions: number; readonly chars: number } {
    return { sessions: this.sessions.size, chars: this.total };
  }

  /** A new resumable stream for a session. */
  open(sessionId: string, live: SseStream | undefined): ResumableStream {
    const streams = this.sessions.get(sessionId) ?? new Map<string, ResumableStream>();
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, streams);
    while (this.sessions.size > this.maxSessions) this.drop(this.sessions.keys().next().value!);
    const stream = new ResumableStream(
      `${this.prefix}${++this.next}`,
      live,
      (recorded, chars) => this.record(sessionId, recorded, chars),
      this.shared === undefined ? undefined : { replay: this.shared, sessionId },
    );
    streams.set(stream.streamId, stream);
    return stream;
  }

  /** The stream and position a `Last-Event-ID` names, if the session still has it. */
  find(
    sessionId: string,
    lastEventId: string,
  ): { stream: ResumableStream; afterSeq: number } | undefined {
    const position = parseEventId(lastEventId);
    if (position === undefined) return undefined;
    const stream = this.sessions.get(sessionId)?.get(position.streamId);
    return stream === undefined ? undefined : { stream, afterSeq: position.afterSeq };
  }

  /** Forgets the log of a session (one that ended, or the least recently active one). */
  drop(sessionId: string): void {
    const streams = this.sessions.get(sessionId);
    if (streams === undefined) return;
    this.total -= charsOf(streams);
    this.sessions.delete(sessionId);
  }

  /** Forgets every log (at shutdown). */
  clear(): void {
    this.sessions.clear();
    this.total = 0;
  }

  /** An event was recorded: trims the session's log, then the logs of others while over the total. */
  private record(sessionId: string, stream: ResumableStream, chars: number): void {
    const streams = this.sessions.get(sessionId);
    // A stream whose log was dropped still writes to its live connection, but keeps nothing.
    if (streams?.get(stream.streamId) !== stream) {
      while (stream.dropOldest());
      return;
    }
    this.total += chars;
    const before = charsOf(streams);
    this.trim(streams);
    this.total -= before - charsOf(streams);
    for (const oldest of this.sessions.keys()) {
      if (this.total <= this.maxTotalChars) break;
      if (oldest !== sessionId) this.drop(oldest);
    }
  }

  private trim(streams: Map<string, ResumableStream>): void {
    let events = 0;
    let chars = 0;
    for (const stream of streams.values()) {
      events += stream.size;
      chars += stream.bytes;
    }
    for (const [id, stream] of streams) {
      while (
        (events > this.maxEventsPerSession || chars > this.maxCharsPerSession) &&
        stream.size > 0
      ) {
        chars -= stream.bytes;
        stream.dropOldest();
        chars += stream.bytes;
        events--;
      }
      if (stream.size === 0 && stream.isEnded) streams.delete(id);
      if (events <= this.maxEventsPerSession && chars <= this.maxCharsPerSession) break;
    }
  }
}

/** The stream and sequence number a `Last-Event-ID` names (`<stream>-<seq>`). @internal */
export function parseEventId(
  lastEventId: string,
): { readonly streamId: string; readonly afterSeq: number } | undefined {
  const match = /^(s[0-9a-z]+)-(\d+)$/.exec(lastEventId.trim());
  return match === null ? undefined : { streamId: match[1]!, afterSeq: Number(match[2]) };
}
