import type { JsonRpcId } from '../../core/internal.js';

/** What the list keeps of one POST being served. @internal */
export interface RunningPost {
  /** Answers the request now (at the shutdown deadline) with a JSON-RPC error carrying `id`. */
  abandon(id: JsonRpcId | undefined): void;
  /** Aborts its handler (the client cancelled the request). */
  cancel(reason: Error): void;
}

/** One POST in the list; {@link RunningPosts.add} returns it, to settle and remove it. @internal */
export interface RunningEntry {
  /** From now on the request cannot be cancelled any more (its handler has answered). */
  settle(): void;
  /** Takes the POST out of the list. */
  remove(): void;
}

class Node implements RunningEntry {
  previous: Node | undefined;
  next: Node | undefined;

  constructor(
    private readonly list: RunningPosts,
    readonly post: RunningPost,
    readonly id: JsonRpcId | undefined,
    /** The session whose client may cancel it by id, while it may be cancelled. */
    public session: string | undefined,
  ) {}

  settle(): void {
    this.session = undefined;
  }

  remove(): void {
    this.list.remove(this);
  }
}

/**
 * The POSTs being served, for a bounded shutdown: a linked list, not a `Map`. A map that gains and
 * loses an entry per request leaves its old hash tables in V8's old space still pointing at
 * requests long served, which keeps them (and their sockets' buffers) alive until a full GC; the
 * list holds a request only while it runs. Cancellation (`notifications/cancelled`, by session and
 * id) is rare and looks the request up by walking the list, which holds only what runs now.
 * @internal
 */
export class RunningPosts {
  private head: Node | undefined;

  /**
   * Adds a POST; with a `session`, its client may cancel it by `id` until it is settled.
   * @returns its entry, to settle and to remove it.
   */
  add(post: RunningPost, id: JsonRpcId | undefined, session?: string): RunningEntry {
    const node = new Node(this, post, id, session);
    node.next = this.head;
    if (this.head !== undefined) this.head.previous = node;
    this.head = node;
    return node;
  }

  /** Cancels the request of that session with that id, if it is running and not settled. */
  cancel(session: string, id: JsonRpcId, reason: Error): void {
    for (let node = this.head; node !== undefined; node = node.next) {
      if (node.session === session && node.id === id) return node.post.cancel(reason);
    }
  }

  /** Abandons every POST still running, and forgets them. */
  abandonAll(): void {
    let node = this.head;
    this.head = undefined;
    while (node !== undefined) {
      node.post.abandon(node.id);
      node = node.next;
    }
  }

  /** @internal (for {@link Node.remove}) */
  remove(node: Node): void {
    if (node.previous !== undefined) node.previous.next = node.next;
    else if (this.head === node) this.head = node.next;
    if (node.next !== undefined) node.next.previous = node.previous;
    node.previous = undefined;
    node.next = undefined;
  }
}
