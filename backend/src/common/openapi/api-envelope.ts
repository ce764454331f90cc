import { applyDecorators, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ApiBody, ApiExtraModels, ApiProperty, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/** The envelope of every JSON reply (spec 1 §7); each route's ApiEnvelope adds its own `data`. */
export class EnvelopeDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: 'string', nullable: true, example: null, description: 'Always null on success' }) error: string | null;
}

/** Every failure: a readable message, and for validation failures one message per field. */
export class ErrorEnvelopeDto {
  @ApiProperty({ example: false }) success: boolean;
  @ApiProperty({ type: 'object', additionalProperties: false, nullable: true, example: null }) data: null;
  @ApiProperty({ example: 'First name is required' }) error: string;
  /** Its schema is the union of every feature's codes (`ErrorCode`), put in by createOpenApiDocument. */
  @ApiProperty({ required: false, type: 'string' })
  code?: string;
  @ApiProperty({
    required: false,
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { firstName: 'First name is required' },
    description: 'Validation failures: one message per field',
  } as never)
  errors?: Record<string, string>;
}

type Primitive = 'string' | 'number' | 'integer' | 'boolean' | 'object';

export interface EnvelopeOptions {
  /** HTTP status of the success reply (default 200, 201 for POST is set by the route's own @HttpCode). */
  status?: number;
  /** `data` is an array of the model. */
  isArray?: boolean;
  /** `data` may be null (e.g. nothing found). */
  nullable?: boolean;
  description?: string;
  /** An example of `data`, shown in the document. */
  example?: unknown;
  /** Extra top-level envelope fields some replies carry (e.g. clone's `warning`). */
  extra?: Record<string, Record<string, unknown>>;
  /** Reply headers (OpenAPI header objects). */
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

/**
 * Documents a success reply as `{ success: true, data: <Model>, error: null }`.
 * @example `@ApiEnvelope(ClassResponseDto, { isArray: true })` for a list route.
 */
export function ApiEnvelope(model: Type<unknown> | Primitive | null, options: EnvelopeOptions = {}) {
  let data: Record<string, unknown>;
  if (model === null) data = { type: 'object', nullable: true, example: null };
  else if (typeof model === 'string') data = { type: model };
  else data = { $ref: getSchemaPath(model) };
  if (options.isArray) data = { type: 'array', items: data };
  if (options.nullable) data = data.$ref ? { allOf: [data], nullable: true } : { ...data, nullable: true };
  if (options.example !== undefined) data = data.$ref ? { allOf: [data], example: options.example } : { ...data, example: options.example };
  const models = [EnvelopeDto, ...(typeof model === 'function' ? [model] : [])];
  return applyDecorators(
    ApiExtraModels(...models),
    ApiResponse({
      status: options.status ?? 200,
      description: options.description ?? 'Success',
      ...(options.headers ? { headers: options.headers } : {}),
      schema: {
        allOf: [
          { $ref: getSchemaPath(EnvelopeDto) },
          {
            type: 'object',
            properties: { success: { type: 'boolean', enum: [true] }, data, ...(options.extra ?? {}) },
            required: ['success', 'data', 'error'],
          },
        ],
      },
    }),
  );
}

/**
 * A react-admin list route (ra-data-simple-rest): `sort`, `range` and `filter` query parameters, an array of
 * the model in `data`, and the `Content-Range: <resource> <first>-<last>/<total>` header react-admin pages with.
 * @example `@ApiList(StudentResponseDto, 'students', STUDENT_SORT_FIELDS, ['q', 'classId'])`
 */
export function ApiList(
  model: Type<unknown>,
  resource: string,
  sortFields: readonly string[],
  filterFields: readonly string[] = [],
  options: EnvelopeOptions = {},
) {
  return applyDecorators(
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON \`["field","ASC"|"DESC"]\`; field is one of ${sortFields.join(', ')} (default ${sortFields[0]})`,
      schema: { type: 'string', example: `["${sortFields[0]}","ASC"]` },
    }),
    ApiQuery({
      name: 'range',
      required: false,
      description: 'JSON `[first, last]`, inclusive and zero-based; at most 1,000 rows a page',
      schema: { type: 'string', example: '[0,24]' },
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description: `JSON object${filterFields.length ? ` with any of: ${filterFields.join(', ')}` : ''}`,
      schema: { type: 'string', example: '{}' },
    }),
    ApiEnvelope(model, {
      ...options,
      isArray: true,
      headers: {
        'Content-Range': {
          description: `\`${resource} <first>-<last>/<total>\` (exposed to browsers through CORS)`,
          schema: { type: 'string', example: `${resource} 0-24/319` },
        },
      },
    }),
  );
}

/** A reply that is not JSON (sitemap.xml, robots.txt): its media type and an example body. */
export function ApiRawReply(contentType: string, example: string) {
  return ApiResponse({ status: 200, description: 'Success', content: { [contentType]: { schema: { type: 'string', example } } } });
}

/**
 * An example request body for the route's `@Body()` DTO (its schema stays the one derived from the DTO).
 * @example `@ApiRequestExample({ email: 'admin@demo.classlane.test', password: 'Demo123!' })`
 */
export function ApiRequestExample(example: Record<string, unknown>): MethodDecorator {
  return (target, key, descriptor) => {
    // Parameter decorators (and design:paramtypes) are applied before method decorators: the @Body() is known here.
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {}) as Record<string, { index: number }>;
    const body = Object.entries(args).find(([k]) => k.split(':')[0] === String(RouteParamtypes.BODY));
    if (!body) throw new Error(`@ApiRequestExample on ${String(key)}: the route has no @Body()`);
    const type = (Reflect.getMetadata('design:paramtypes', target, key) as Type<unknown>[])[body[1].index];
    return ApiBody({ type, examples: { example: { summary: 'Example', value: example } } })(target, key, descriptor);
  };
}
