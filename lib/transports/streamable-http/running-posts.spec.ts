import type { JsonRpcId } from '../../core/internal.js';
import { RunningPosts, type RunningPost } from './running-posts.js';

/** A POST that records what was done to it. */
function post(): RunningPost & { cancelled: string[]; abandoned: (JsonRpcId | undefined)[] } {
  return {
    cancelled: [],
    abandoned: [],
    cancel(reason) {
      this.cancelled.push(reason.message);
    },
    abandon(id) {
      this.abandoned.push(id);
    },
  };
}

describe('RunningPosts', () => {
  it('cancels the running request of that session with that id, and no other', () => {
    const running = new RunningPosts();
    const [a, b, c] = [post(), post(), post()];
    running.add(a, 1, 's1');
    running.add(b, 1, 's2');
    running.add(c, '1', 's1');
    running.cancel('s1', 1, new Error('cancelled'));
    expect(a.cancelled).toEqual(['cancelled']);
    expect(b.cancelled).toEqual([]);
    expect(c.cancelled).toEqual([]);
  });

  it('cannot cancel a request once it is settled or removed', () => {
    const running = new RunningPosts();
    const [a, b] = [post(), post()];
    running.add(a, 7, 's').settle();
    running.add(b, 8, 's').remove();
    running.cancel('s', 7, new Error('late'));
    running.cancel('s', 8, new Error('late'));
    expect(a.cancelled).toEqual([]);
    expect(b.cancelled).toEqual([]);
  });

  it('abandons every POST still running with its id, settled or not, and forgets them', () => {
    const running = new RunningPosts();
    const [a, b, c] = [post(), post(), post()];
    running.add(a, 1, 's').settle();
    const middle = running.add(b, 2);
    running.add(c, undefined);
    middle.remove();
    running.abandonAll();
    running.abandonAll();
    expect(a.abandoned).toEqual([1]);
    expect(b.abandoned).toEqual([]);
    expect(c.abandoned).toEqual([undefined]);
  });
});
