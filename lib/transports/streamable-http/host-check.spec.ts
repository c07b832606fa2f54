import type { IncomingMessage } from 'node:http';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import { HostCheck } from './host-check.js';

const request = (host: string | undefined, origin?: string): IncomingMessage =>
  ({
    headers: {
      ...(host === undefined ? {} : { host }),
      ...(origin === undefined ? {} : { origin }),
    },
    socket: { localAddress: '127.0.0.1' },
  }) as unknown as IncomingMessage;

describe('HostCheck', () => {
  const check = new HostCheck();

  it('accepts the loopback names with any port', () => {
    expect(check.refusal(request('localhost:3000'))).toBeUndefined();
    expect(check.refusal(request('127.0.0.1'))).toBeUndefined();
    expect(check.refusal(request('[::1]:8080'))).toBeUndefined();
  });

  it('answers a refusal with 403 and a JSON-RPC -32600 that names the header', () => {
    expect(check.answer(request('localhost:3000'))).toBeUndefined();
    expect(check.answer(request('evil.example'))).toEqual({
      status: 403,
      code: -32600,
      message: TRANSPORT_MESSAGES.HOST_NOT_ALLOWED,
    });
    expect(check.answer(request('localhost', 'http://evil.example'))).toEqual({
      status: 403,
      code: -32600,
      message: TRANSPORT_MESSAGES.ORIGIN_NOT_ALLOWED,
    });
  });

  it('refuses other and malformed hosts, and a missing one', () => {
    expect(check.refusal(request('evil.example:3000'))).toBe(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
    expect(check.refusal(request('[::1]evil'))).toBe(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
    expect(check.refusal(request(undefined))).toBe(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
  });

  it('answers the same header the same way each time, and a new one afresh', () => {
    const repeated = new HostCheck();
    for (let i = 0; i < 3; i++) expect(repeated.refusal(request('localhost:3000'))).toBeUndefined();
    expect(repeated.refusal(request('evil.example'))).toBe(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
    expect(repeated.refusal(request('evil.example'))).toBe(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
    expect(repeated.refusal(request('localhost:3000'))).toBeUndefined();
  });

  it('checks the Origin after the host', () => {
    expect(check.refusal(request('localhost', 'http://localhost:5173'))).toBeUndefined();
    expect(check.refusal(request('localhost', 'https://evil.example'))).toBe(
      TRANSPORT_MESSAGES.ORIGIN_NOT_ALLOWED,
    );
  });

  it('does not check requests that arrived on another address in loopback mode', () => {
    const remote = {
      headers: { host: 'evil.example' },
      socket: { localAddress: '10.0.0.5' },
    } as unknown as IncomingMessage;
    expect(check.refusal(remote)).toBeUndefined();
  });
});
