import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { SnodoBodyReader } from './snodo-body.reader.js';
import type { SnodoRouteGate } from './route-gate.js';
import type { StreamableHttpTransport } from '../../transports/internal.js';

/** An HTTP adapter of a platform the reader does not know: nothing is installed on it. */
const otherAdapter = { getType: () => 'other' };

function reader(host: unknown): SnodoBodyReader {
  return new SnodoBodyReader(
    host as HttpAdapterHost,
    new ApplicationConfig(),
    'mcp',
    {} as StreamableHttpTransport,
    {} as SnodoRouteGate,
  );
}

describe('SnodoBodyReader', () => {
  let warnings: string[];

  beforeEach(() => {
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('should warn of a late adapter only on a Nest without init$ (before 11.1.4)', () => {
    const oldHost: { httpAdapter?: unknown } = {};
    const old = reader(oldHost);
    oldHost.httpAdapter = otherAdapter;
    old.onModuleInit();
    expect(warnings).toContain(NEST_MESSAGES.BODY_READER_LATE);
  });

  it('should not warn on a Nest with init$, whenever the adapter is set', () => {
    const host = new HttpAdapterHost();
    const current = reader(host);
    host.httpAdapter = otherAdapter as never;
    current.onModuleInit();
    expect(warnings).not.toContain(NEST_MESSAGES.BODY_READER_LATE);
    expect(warnings).toEqual([NEST_MESSAGES.BODY_READER_UNAVAILABLE('other')]);
  });

  it('should not warn in an application context (no HTTP adapter), as bootstrapStdio() starts', () => {
    reader(new HttpAdapterHost()).onModuleInit();
    reader({}).onModuleInit();
    expect(warnings).toEqual([]);
  });
});
