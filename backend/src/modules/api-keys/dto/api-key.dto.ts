import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class CreateApiKeyDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name is required' }) @MaxLength(100) name: string;
  /** `['read']` or `['read', 'write']`: writing without reading is not a useful key. */
  @IsArray()
  @ArrayMinSize(1, { message: 'scopes must be ["read"] or ["read", "write"]' })
  @ArrayMaxSize(2)
  @ArrayUnique()
  @IsIn(['read', 'write'], { each: true, message: 'scopes must be ["read"] or ["read", "write"]' })
  scopes: ('read' | 'write')[];
}

export class ApiKeyResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Zapier' }) name: string;
  @ApiProperty({ enum: ['read', 'write'], isArray: true, example: ['read', 'write'] }) scopes: string[];
  @ApiProperty({ description: 'The start of the secret, to tell keys apart', example: 'cl_live_3f9a1c' }) prefix: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: EXAMPLE_TIME }) lastUsedAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) revokedAt: string | null;
}

export class CreatedApiKeyResponseDto extends ApiKeyResponseDto {
  @ApiProperty({
    description: 'The secret, shown this once: send it as `Authorization: Bearer <secret>`',
    example: 'cl_live_3f9a1c0d5b7e4a2f9c8d1e6b0a3f5c7d9e1b2a4c6d8f0e2',
  })
  secret: string;
}
