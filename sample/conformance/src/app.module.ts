import { Module } from '@nestjs/common';
import { SnodoModule } from '../../../lib/index.js';
import { ConformancePrompts } from './conformance.prompts.js';
import { ConformanceResources } from './conformance.resources.js';
import { ConformanceSkills } from './conformance.skills.js';
import { ConformanceTools } from './conformance.tools.js';
import { ModernTools } from './modern.tools.js';
import { TaskTools } from './task.tools.js';

/**
 * The server the official MCP conformance suite runs against (`npm run conformance`).
 * It uses the public API only: what it exposes is listed in conformance/SURFACE.md.
 */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'snodo-conformance',
      version: '1.0.0',
      schemaValidator: 'ajv',
      resourceSubscriptions: true,
      listChanged: true,
      // The harness opens a session for nearly every check, all from 127.0.0.1: far more than the
      // default 60 a minute of one client.
      initializeRateLimit: false,
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/skills': { directoryRead: true },
      },
    }),
  ],
  providers: [
    ConformanceTools,
    ModernTools,
    ConformanceResources,
    ConformancePrompts,
    TaskTools,
    ConformanceSkills,
  ],
})
export class AppModule {}
