import { Injectable } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Tool } from '../../../lib/index.js';
import { PackageCatalog } from './package-catalog.service.js';

export class ReviewScore {
  @IsIn(['quality', 'security', 'docs'])
  aspect!: string;

  @IsInt()
  @Min(1)
  @Max(5)
  stars!: number;
}

/** The arguments of `review_package`: a class-validator DTO, nested DTOs included. */
export class ReviewRequest {
  @IsString()
  @MinLength(1)
  name!: string;

  @ValidateNested({ each: true })
  @Type(() => ReviewScore)
  @ArrayMaxSize(3)
  scores!: ReviewScore[];

  @IsOptional()
  @IsString()
  comment?: string;

  average(): number {
    return (
      this.scores.reduce((sum, score) => sum + score.stars, 0) / Math.max(this.scores.length, 1)
    );
  }
}

/** DTO form: the method's parameter type is a class-validator DTO, which gives the schema and validates calls. */
@Injectable()
export class ReviewTools {
  constructor(private readonly catalog: PackageCatalog) {}

  @Tool({ name: 'review_package', description: 'Rate a package on quality, security and docs' })
  review(request: ReviewRequest): string {
    const known = this.catalog.find(request.name) !== undefined;
    const verdict = known ? `${request.average().toFixed(1)} stars` : 'unknown package';
    return `${request.name}: ${verdict}${request.comment === undefined ? '' : ` (${request.comment})`}`;
  }
}
