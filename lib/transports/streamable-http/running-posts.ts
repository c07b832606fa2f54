import type { JsonRpcId } from '../../core/index.js';

/** What the list keeps of one POST being served. @internal */
export interface RunningPost {
  /** Answers the request now (at the shutdown deadline) with a JSON-RPC error carrying `id`. */
  abandon(id: JsonRpcId | undefined): void;
}

interface Node {
  readonly post: RunningPost;
  readonly id: JsonRpcId | undefined;
  previous: Node | undefined;
  next: Node | undefined;
}

/**
 * The POSTs being served, for a bounded shutdown: a linked list, not a `Map`. A map that gains and
 * loses an entry per request leaves its old hash tables in V8's old space still pointing at
 * requests long served, which keeps them (and their sockets' buffers) alive until a full GC; the
 * list holds a request only while it runs.
 * @internal
 */
export class RunningPosts {
  private head: Node | undefined;

  /** Adds a POST; the returned function removes it again. */
  add(post: RunningPost, id: JsonRpcId | undefined): () => void {
    const node: Node = { post, id, previous: undefined, next: this.head };
    if (this.head !== undefined) this.head.previous = node;
    this.head = node;
    return () => this.remove(node);
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

  private remove(node: Node): void {
    if (node.previous !== undefined) node.previous.next = node.next;
    else if (this.head === node) this.head = node.next;
    if (node.next !== undefined) node.next.previous = node.previous;
    node.previous = undefined;
    node.next = undefined;
  }
}
