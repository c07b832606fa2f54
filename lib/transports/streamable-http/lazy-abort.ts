/** Who is told when a {@link LazyAbort}'s signal is first asked for (to start watching a connection). @internal */
export interface SignalWatcher {
  signalAsked(): void;
}

/**
 * An abort controller whose `AbortController` is only made when someone reads `signal`: most
 * requests finish without a handler looking at their signal, and making one (and watching the
 * connection for it) costs a few percent of a small request. Aborting before the signal exists is
 * remembered.
 * @internal
 */
export class LazyAbort {
  private controller?: AbortController;
  private reason: unknown;
  private abortedEarly = false;

  /**
   * @param watcher told when the signal is first asked for: an object, not a closure made per
   *   request (see `tapBody()` on what a closure held by a request's listeners can keep alive).
   */
  constructor(private readonly watcher?: SignalWatcher) {}

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedEarly) this.controller.abort(this.reason);
      else this.watcher?.signalAsked();
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.controller === undefined ? this.abortedEarly : this.controller.signal.aborted;
  }

  abort(reason: unknown): void {
    if (this.controller !== undefined) {
      this.controller.abort(reason);
    } else if (!this.abortedEarly) {
      this.abortedEarly = true;
      this.reason = reason;
    }
  }
}
