/** One recorded event of a resumable stream. @publicApi */
export interface ReplayEvent {
  /** The event's place in its stream, from 1 up: its SSE id is `<stream>-<seq>`. */
  readonly seq: number;
  /** The event's data: one JSON-RPC message, serialised. */
  readonly data: string;
}

/** What a follower of a stream hears, live, from whichever instance writes the stream. @publicApi */
export interface ReplayFollower {
  /** Hears one event of the stream, as it is written. */
  event(event: ReplayEvent): void;
  /** Hears that the stream is complete: no event follows. */
  end(): void;
}

/**
 * The replay logs of initialize-era streams, shared by every instance, so that a client whose
 * connection broke can resume with `Last-Event-ID` on another instance than the one that wrote
 * the stream: it receives what it missed, then what follows, live. Logs are bounded and expire.
 * @publicApi
 */
export interface SharedReplay {
  /** Records an event of a stream and tells the other instances. */
  append(sessionId: string, streamId: string, event: ReplayEvent): Promise<void>;
  /** Marks a stream complete (its response was sent). */
  end(sessionId: string, streamId: string): Promise<void>;
  /** The recorded events after `afterSeq` and whether the stream is complete; `undefined` when the stream is unknown. */
  read(
    sessionId: string,
    streamId: string,
    afterSeq: number,
  ): Promise<{ readonly events: readonly ReplayEvent[]; readonly ended: boolean } | undefined>;
  /**
   * Hears a stream's next events and its end, live.
   * @returns a function that stops following.
   */
  follow(sessionId: string, streamId: string, follower: ReplayFollower): () => void;
}
