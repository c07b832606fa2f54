import { Controller, Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';

/** The microservice: a counter reached over TCP. It knows nothing of MCP. */
@Controller()
export class CounterController {
  private count = 0;

  @MessagePattern({ cmd: 'add' })
  add(@Payload() data: { by: number }): number {
    this.count += data.by;
    return this.count;
  }

  @EventPattern('counter.reset')
  reset(@Payload() _data: unknown): void {
    this.count = 0;
  }
}

@Module({ controllers: [CounterController] })
export class CounterServiceModule {}
