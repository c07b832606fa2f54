import {
  Catch,
  Injectable,
  Module,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { SnodoEnhancer } from '../decorators/snodo-enhancer.decorator.js';
import { declaredEnhancers, EnhancerResolver } from './enhancer-resolver.js';

@Injectable()
class Clock {
  readonly started = 'clock';
}

@Injectable()
class ClassGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

/** A guard with a dependency: only Nest's injector builds it with its Clock. */
@Injectable()
class StampGuard implements CanActivate {
  constructor(readonly clock: Clock) {}
  canActivate(): boolean {
    return true;
  }
}

@Injectable()
class AuditInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle();
  }
}

@SnodoEnhancer()
@Injectable()
class OptedInInterceptor extends AuditInterceptor {}

class TrimPipe implements PipeTransform {
  transform(value: unknown): unknown {
    return value;
  }
}

@Catch()
class EveryFilter implements ExceptionFilter {
  catch(): void {}
}

/** An instance declared as it is: `@UseGuards(new …)`. */
const declaredInstance = new ClassGuard();

@UseGuards(ClassGuard)
@UsePipes(TrimPipe)
@Injectable()
class Tools {
  @UseGuards(StampGuard)
  @UseInterceptors(AuditInterceptor)
  @UseFilters(EveryFilter)
  search(): string {
    return 'found';
  }

  @UseGuards(declaredInstance)
  other(): string {
    return 'other';
  }

  bare(): string {
    return 'bare';
  }
}

@Module({ providers: [Clock, Tools] })
class ToolsModule {}

/** The resolver of a compiled testing module, and Nest's own instance of a class. */
async function resolverOf(
  builder: TestingModuleBuilder = Test.createTestingModule({ imports: [ToolsModule] }),
) {
  const moduleRef = await builder.compile();
  const resolver = new EnhancerResolver(moduleRef.get(ModuleRef), moduleRef.get(Reflector));
  const guards = (method: 'search' | 'other') =>
    resolver.resolve<CanActivate>(
      declaredEnhancers('guard', Tools, Tools.prototype[method]),
      (name) => {
        throw new Error(`unresolved ${name}`);
      },
    );
  return { moduleRef, resolver, guards };
}

describe('The enhancer resolver', () => {
  describe('declaredEnhancers()', () => {
    it("should list a method's enhancers of each kind, the class's first", () => {
      const search = Tools.prototype.search;
      expect(declaredEnhancers('guard', Tools, search)).toEqual([ClassGuard, StampGuard]);
      expect(declaredEnhancers('interceptor', Tools, search)).toEqual([AuditInterceptor]);
      expect(declaredEnhancers('pipe', Tools, search)).toEqual([TrimPipe]);
      expect(declaredEnhancers('filter', Tools, search)).toEqual([EveryFilter]);
      expect(declaredEnhancers('guard', Tools, Tools.prototype.other)).toEqual([
        ClassGuard,
        declaredInstance,
      ]);
      expect(declaredEnhancers('interceptor', Tools, Tools.prototype.bare)).toEqual([]);
    });
  });

  describe('resolve()', () => {
    it("should give Nest's instances of declared classes, and a declared instance as it is", async () => {
      const { moduleRef, guards } = await resolverOf();
      const [classGuard, stamp] = guards('search');
      expect(classGuard).toBeInstanceOf(ClassGuard);
      expect(stamp).toBeInstanceOf(StampGuard);
      expect((stamp as StampGuard).clock).toBe(moduleRef.get(Clock, { strict: false }));
      expect(guards('search')[1]).toBe(stamp);
      expect(guards('other')[1]).toBe(declaredInstance);
      await moduleRef.close();
    });

    it('should give what overrideGuard() put in place of a guard, with useValue or useClass', async () => {
      const fake = { canActivate: () => false };
      const byValue = await resolverOf(
        Test.createTestingModule({ imports: [ToolsModule] })
          .overrideGuard(StampGuard)
          .useValue(fake),
      );
      expect(byValue.guards('search')[1]).toBe(fake);
      await byValue.moduleRef.close();

      class DenyGuard implements CanActivate {
        canActivate(): boolean {
          return false;
        }
      }
      const byClass = await resolverOf(
        Test.createTestingModule({ imports: [ToolsModule] })
          .overrideGuard(StampGuard)
          .useClass(DenyGuard),
      );
      expect(byClass.guards('search')[1]).toBeInstanceOf(DenyGuard);
      await byClass.moduleRef.close();
    });

    it('should give what overrideProvider() put in place of a guard the app also lists as a provider', async () => {
      @Module({ providers: [Clock, Tools, StampGuard] })
      class ListingModule {}
      const fake = { canActivate: () => false };
      const { moduleRef, guards } = await resolverOf(
        Test.createTestingModule({ imports: [ListingModule] })
          .overrideProvider(StampGuard)
          .useValue(fake),
      );
      expect(guards('search')[1]).toBe(fake);
      await moduleRef.close();
    });

    it('should ask what to do about an enhancer Nest cannot provide, naming it', async () => {
      @Injectable()
      class NowhereGuard implements CanActivate {
        canActivate(): boolean {
          return true;
        }
      }
      const { moduleRef, resolver } = await resolverOf();
      const named: string[] = [];
      expect(() =>
        resolver.resolve([ClassGuard, NowhereGuard], (name) => {
          named.push(name);
          throw new Error(`Snodo: cannot resolve ${name}`);
        }),
      ).toThrow('Snodo: cannot resolve NowhereGuard');
      expect(named).toEqual(['NowhereGuard']);
      await moduleRef.close();
    });
  });

  describe('optedIn()', () => {
    it('should keep the global enhancers marked with @SnodoEnhancer(), in order', async () => {
      const { moduleRef, resolver } = await resolverOf();
      const first = new OptedInInterceptor();
      const second = new OptedInInterceptor();
      const globals: object[] = [new AuditInterceptor(), first, new ClassGuard(), second];
      expect(resolver.optedIn(globals)).toEqual([first, second]);
      expect(resolver.optedIn(globals)[0]).toBe(first);
      expect(resolver.optedIn([])).toEqual([]);
      await moduleRef.close();
    });
  });
});
