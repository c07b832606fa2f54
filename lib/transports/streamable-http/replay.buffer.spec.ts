import { ReplayBuffer } from './replay.buffer.js';

describe('ReplayBuffer', () => {
  it('should find a stream by Last-Event-ID and keep at most the configured events per session', () => {
    const buffer = new ReplayBuffer(3, 1_000_000, 10);
    const stream = buffer.open('session', undefined);
    for (let i = 1; i <= 5; i++) stream.send({ i });
    expect(stream.size).toBe(3);
    expect(buffer.find('session', `${stream.streamId}-2`)?.afterSeq).toBe(2);
    expect(buffer.find('session', 'not-an-id')).toBeUndefined();
    expect(buffer.find('other', `${stream.streamId}-2`)).toBeUndefined();
  });

  it('should bound the characters kept and the sessions tracked', () => {
    const buffer = new ReplayBuffer(100, 50, 2);
    const stream = buffer.open('a', undefined);
    stream.send({ text: 'x'.repeat(30) });
    stream.send({ text: 'y'.repeat(30) });
    expect(stream.size).toBe(1);
    const b = buffer.open('b', undefined);
    buffer.open('c', undefined);
    expect(buffer.find('a', `${stream.streamId}-2`)).toBeUndefined();
    expect(buffer.find('b', `${b.streamId}-0`)).toBeDefined();
  });
});
