import { Injectable } from '@nestjs/common';
import { IsInt, IsString, Min } from 'class-validator';
import { Arg, Output, Tool } from '../../lib/index.js';
import { arg } from '../../lib/core/index.js';

/** The conformance suite's JSON Schema 2020-12 tool: its schema must reach clients untouched. */
export const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
  },
  additionalProperties: false,
};

@Injectable()
export class JsonSchemaTools {
  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: JSON_SCHEMA_2020_12,
  })
  echo(args: Record<string, unknown>): string {
    return JSON.stringify(args);
  }
}

export class PageDto {
  @IsString()
  query!: string;

  @IsInt()
  @Min(1)
  page!: number;
}

@Injectable()
export class TwiceDeclaredTools {
  @Tool({ inputSchema: { type: 'object' } })
  @Arg('query', 'string')
  twice(): string {
    return '';
  }
}

@Injectable()
export class DtoAndArgTools {
  @Tool()
  @Arg('query', 'string')
  both(args: PageDto): string {
    return args.query;
  }
}

@Injectable()
export class TwoOutputsTools {
  @Tool({ outputSchema: { type: 'object' } })
  @Output([arg('id', 'string')])
  twice(): object {
    return {};
  }
}

@Injectable()
export class BadBlockTools {
  @Tool()
  @Arg('lines', 'object[]', {}, [arg('sku', 'string', {}, [arg('code', 'string')])])
  order(): string {
    return '';
  }
}

@Injectable()
export class RepeatedNameTools {
  @Tool()
  @Arg('customer', 'object', {}, [arg('id', 'string'), arg('id', 'integer')])
  order(): string {
    return '';
  }
}

@Injectable()
export class OutputBlockClashTools {
  @Tool()
  @Output([
    arg('lines', 'object[]', { schema: { items: { type: 'string' } } }, [arg('sku', 'string')]),
  ])
  order(): object {
    return {};
  }
}

@Injectable()
export class DtoTools {
  @Tool({ description: 'Pages through results' })
  page(args: PageDto): string {
    return `${args.query} page ${args.page} (${args instanceof PageDto ? 'a PageDto' : 'a plain object'})`;
  }
}
