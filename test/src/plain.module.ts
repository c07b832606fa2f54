import { Injectable, Module } from '@nestjs/common';

@Injectable()
export class Greeter {
  greet(): string {
    return 'hello';
  }
}

/** A Nest module without SnodoModule: `snodo catalog` must say so. */
@Module({ providers: [Greeter] })
export class PlainModule {}
