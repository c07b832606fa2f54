import {
  Controller,
  Get,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { fakeCallContext } from '../../core/testing/call-context.fake.js';
import type { AuthorizationPhase } from '../../core/internal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { SnodoContextHost } from './snodo-context-host.js';
import { SnodoExecutionContext } from './snodo-execution-context.js';
import { SnodoInvocation } from './snodo-invocation.js';
import { SnodoResponse } from './snodo-response.js';

class Tools {
  search(): string {
    return 'found';
  }
}

/** The context a component's guard or interceptor receives, and its invocation. */
function componentContext(phase: AuthorizationPhase, request?: unknown) {
  const call = fakeCallContext({ method: 'tools/call', request });
  const invocation = new SnodoInvocation(
    phase,
    { kind: 'tool', name: 'search' },
    phase === 'invocation' ? 'call' : 'list',
    phase === 'invocation' ? { query: 'json' } : undefined,
    call,
  );
  const host: ExecutionContext = new SnodoContextHost(Tools, Tools.prototype.search, invocation);
  return { host, invocation, call };
}

describe('SnodoExecutionContext', () => {
  describe("in a component's context", () => {
    it('should give the invocation, its phase, component, params and call context', () => {
      const { host, invocation, call } = componentContext('invocation');
      const context = SnodoExecutionContext.create(host);
      expect(context.getType()).toBe('snodo');
      expect(context.getInvocation()).toBe(invocation);
      expect(context.getPhase()).toBe('invocation');
      expect(context.getComponent()).toEqual({ kind: 'tool', name: 'search' });
      expect(context.getParams()).toEqual({ query: 'json' });
      expect(context.getCallContext()).toBe(call);
      expect(context.getClass()).toBe(Tools);
      expect(context.getHandler()).toBe(Tools.prototype.search);
      expect(context.getArgs()).toEqual([{ query: 'json' }, invocation]);
      expect(context.getArgByIndex(1)).toBe(invocation);
      expect(context.switchToRpc().getData()).toEqual({ query: 'json' });
      expect(context.switchToWs().getPattern()).toBe('tools/call');
    });

    it('should give the params an interceptor put in place of the request’s', () => {
      const { host, invocation } = componentContext('invocation');
      const context = SnodoExecutionContext.create(host);
      invocation.replaceParams({ query: 'yaml' });
      expect(context.getParams()).toEqual({ query: 'yaml' });
      expect(context.getArgs()[0]).toEqual({ query: 'yaml' });
    });

    it('should give the HTTP request of the call, and none over stdio', () => {
      const res = { statusCode: 200, status: () => res, setHeader: () => res };
      const request = { headers: { 'x-api-key': 'k' }, res };
      const overHttp = SnodoExecutionContext.create(componentContext('invocation', request).host);
      expect(overHttp.getRequest()).toBe(request);
      expect(overHttp.switchToHttp().getRequest()).toBe(request);
      expect(overHttp.switchToHttp().getResponse()).toBe(request.res);
      const overStdio = SnodoExecutionContext.create(componentContext('invocation').host);
      expect(overStdio.getRequest()).toBeUndefined();
      expect(overStdio.switchToHttp().getRequest()).toBeUndefined();
    });

    it("should give a response with Express's methods where the platform's cannot serve them", () => {
      const overStdio = SnodoExecutionContext.create(componentContext('invocation').host);
      const response = overStdio.switchToHttp().getResponse<SnodoResponse>();
      expect(response).toBeInstanceOf(SnodoResponse);
      expect(overStdio.switchToHttp().getResponse()).toBe(response);
      response.status(429).header('Retry-After', '60');
      expect(response.getHeader('retry-after')).toBe('60');
      // A reply that is not Express's (Fastify's, taken over): headers go to its raw response.
      const raw = new Map<string, unknown>();
      const reply = {
        raw: {
          headersSent: false,
          setHeader: (name: string, value: unknown) => raw.set(name, value),
          getHeader: (name: string) => raw.get(name),
        },
      };
      const request = { headers: {}, res: reply };
      const overFastify = SnodoExecutionContext.create(
        componentContext('invocation', request).host,
      );
      overFastify.switchToHttp().getResponse<SnodoResponse>().header('X-RateLimit-Limit', '2');
      expect(raw.get('X-RateLimit-Limit')).toBe('2');
    });

    it('should tell listing from running', () => {
      const listing = componentContext('discovery').host;
      const running = componentContext('invocation').host;
      expect(SnodoExecutionContext.isListing(listing)).toBe(true);
      expect(SnodoExecutionContext.isListing(running)).toBe(false);
      expect(SnodoExecutionContext.create(listing).getPhase()).toBe('discovery');
      expect(SnodoExecutionContext.create(listing).getParams()).toBeUndefined();
    });

    it('should wrap a context once', () => {
      const context = SnodoExecutionContext.create(componentContext('invocation').host);
      expect(SnodoExecutionContext.create(context)).toBe(context);
    });
  });

  describe("in an HTTP route's context (a guard shared by routes and components)", () => {
    /** What the route's guard saw through SnodoExecutionContext. */
    const seen: Record<string, unknown> = {};

    @Injectable()
    class ProbeGuard implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        const snodo = SnodoExecutionContext.create(context);
        seen.listing = SnodoExecutionContext.isListing(context);
        seen.type = snodo.getType();
        seen.url = snodo.getRequest<{ url: string }>().url;
        seen.handler = snodo.getHandler().name;
        try {
          snodo.getInvocation();
        } catch (error) {
          seen.invocation = (error as Error).message;
        }
        return true;
      }
    }

    @Controller()
    class ProbeController {
      @Get('probe')
      @UseGuards(ProbeGuard)
      probe(): string {
        return 'ok';
      }
    }

    it("should give the route's request, say it is not listing, and refuse an invocation it has not", async () => {
      const moduleRef = await Test.createTestingModule({
        controllers: [ProbeController],
      }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.listen(0, '127.0.0.1');
      try {
        const response = await fetch(`${await app.getUrl()}/probe?x=1`);
        expect(await response.text()).toBe('ok');
        expect(seen).toEqual({
          listing: false,
          type: 'http',
          url: '/probe?x=1',
          handler: 'probe',
          invocation: NEST_MESSAGES.NOT_A_SNODO_CONTEXT,
        });
      } finally {
        await app.close();
      }
    });
  });
});
