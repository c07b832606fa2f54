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

describe('ReplayBuffer in all', () => {
  it('should keep at most its total of characters, dropping the logs of the least recently active sessions', () => {
    const buffer = new ReplayBuffer(100, 1_000, 100, undefined, 250);
    const streams = ['a', 'b', 'c'].map((session) => buffer.open(session, undefined));
    for (const stream of streams) stream.send({ text: 'x'.repeat(90) });
    // Three logs of about 100 characters are over 250: the oldest session's goes.
    expect(buffer.stats.sessions).toBe(2);
    expect(buffer.stats.chars).toBeLessThanOrEqual(250);
    expect(buffer.find('a', `${streams[0]!.streamId}-1`)).toBeUndefined();
    expect(buffer.find('c', `${streams[2]!.streamId}-1`)).toBeDefined();
    // A stream whose log was dropped keeps writing to its connection, but keeps nothing.
    streams[0]!.send({ text: 'y' });
    expect(streams[0]!.size).toBe(0);
    expect(buffer.stats.chars).toBeLessThanOrEqual(250);
  });

  it('should count what it drops and clears', () => {
    const buffer = new ReplayBuffer();
    buffer.open('a', undefined).send({ n: 1 });
    buffer.open('b', undefined).send({ n: 2 });
    const total = buffer.stats.chars;
    buffer.drop('a');
    expect(buffer.stats).toEqual({ sessions: 1, chars: total / 2 });
    buffer.clear();
    expect(buffer.stats).toEqual({ sessions: 0, chars: 0 });
  });
});
