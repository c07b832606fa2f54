import { Injectable, Module } from '@nestjs/common';
import { SnodoModule, Tool } from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';
import { InteractiveTools, StreamingTools } from './streaming.tools.js';

/** Tools for what SnodoClient does beside calling: elicitation defaults and `x-mcp-header`. */
@Injectable()
export class ClientFeatureTools {
  @Tool({ name: 'edit_profile', description: 'Asks for a profile whose fields all have defaults' })
  async editProfile(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Review your profile',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', default: 'Ada' },
          age: { type: 'integer', default: 36 },
          verified: { type: 'boolean', default: true },
          role: { type: 'string', enum: ['admin', 'user'], default: 'user' },
          note: { type: 'string' },
        },
      },
    });
    return JSON.stringify(answer);
  }

  @Tool({
    name: 'deploy',
    description: 'Deploys to a region, mirrored in headers',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        replicas: { type: 'integer', 'x-mcp-header': 'Replicas' },
        note: { type: 'string' },
      },
      required: ['region'],
    },
  })
  deploy(args: { region: string; replicas?: number }): string {
    return `${args.region} x${args.replicas ?? 1}`;
  }
}

/** The streaming and interactive tools, and the client feature tools, in one app. */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'client-interaction',
      version: '1.0.0',
      requestStateSecret: 'test-state-secret-of-at-least-32-bytes',
    }),
  ],
  providers: [StreamingTools, InteractiveTools, ClientFeatureTools],
})
export class ClientInteractionModule {}
