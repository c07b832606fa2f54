import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import { cutConnectionsAt } from './connection-deadline.js';

/** A stand-in for the part of node:http's Server that the cut uses. */
class ServerStandIn extends EventEmitter {
  listening = true;
  cuts = 0;
  closeAllConnections(): void {
    this.cuts++;
  }
}

describe('cutConnectionsAt', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000 }));
  afterEach(() => jest.useRealTimers());

  it('should cut the connections at the deadline, once, at the latest deadline asked for', () => {
    const server = new ServerStandIn();
    cutConnectionsAt(server, 1_500);
    cutConnectionsAt(server, 3_000);
    cutConnectionsAt(server, 2_000);
    jest.advanceTimersByTime(1_999);
    expect(server.cuts).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(server.cuts).toBe(1);
    jest.advanceTimersByTime(10_000);
    expect(server.cuts).toBe(1);
    expect(server.listenerCount('close')).toBe(1);
  });

  it('should not cut once the server has closed, nor on a server that does not listen', () => {
    const closed = new ServerStandIn();
    cutConnectionsAt(closed, 2_000);
    closed.emit('close');
    const idle = new ServerStandIn();
    idle.listening = false;
    cutConnectionsAt(idle, 2_000);
    cutConnectionsAt({ listening: true }, 2_000);
    jest.advanceTimersByTime(5_000);
    expect(closed.cuts).toBe(0);
    expect(idle.cuts).toBe(0);
  });
});
