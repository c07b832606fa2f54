import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { SnodoModule, messageCall, messageEmit } from '../../../lib/index.js';
import { COUNTER, COUNTER_PORT } from './counter.token.js';
import { ManualCounterTool } from './manual-counter.tool.js';

/** The MCP server: one hand-written tool, and the same operation (plus an event) generated. */
@Module({
  imports: [
    ClientsModule.register([
      {
        name: COUNTER,
        transport: Transport.TCP,
        options: { host: '127.0.0.1', port: COUNTER_PORT },
      },
    ]),
    SnodoModule.forRoot({
      name: 'counter',
      version: '1.0.0',
      messageTools: [
        messageCall({
          name: 'counter_add',
          description: 'Adds to the counter (generated message tool)',
          target: COUNTER,
          pattern: { cmd: 'add' },
          inputSchema: {
            type: 'object',
            properties: { by: { type: 'integer', minimum: 1, description: 'How much to add' } },
            required: ['by'],
            additionalProperties: false,
          },
          message: ({ by }) => ({ by }),
          encodeReply: (count) => ({ value: count }),
        }),
        messageEmit({
          name: 'counter_reset',
          description: 'Resets the counter; answers once the event is sent, not processed',
          target: COUNTER,
          pattern: 'counter.reset',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          message: {},
        }),
      ],
    }),
  ],
  providers: [ManualCounterTool],
})
export class AppModule {}
