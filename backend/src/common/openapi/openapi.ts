import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiExtension,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
} from '@nestjs/swagger';
import { API_KEY_ACCESS_KEY } from '../auth/api-key';
import { IS_PUBLIC_KEY, OPTIONAL_AUTH_KEY, PORTAL_KEY, ROLES_KEY, STAFF_KEY, type Role } from '../auth/roles';
import { ErrorEnvelopeDto } from './api-envelope';
import { extendedParents, writeExtensions } from './schema-extends';
import { applyValidatorSchemas, ECHOED_FIELD } from './validator-schemas';

/** Security scheme names in the document: organization users and platform staff carry different tokens. */
export const ORG_BEARER = 'bearer';
export const STAFF_BEARER = 'staff';
/** An organization's API key (`cl_live_…`), accepted on its admin routes within the key's scopes. */
export const API_KEY_BEARER = 'apiKey';
export const PORTAL_BEARER = 'portal';

export const DOCS_PATH = 'api/docs';

export type RouteAuth = { kind: 'public' } | { kind: 'optional' } | { kind: 'staff' } | { kind: 'portal' } | { kind: 'org'; roles: Role[] };

/** The auth a route asks for, read from the same metadata the global AppAuthGuard reads (one source). */
export function routeAuth(controller: Function, handler: Function): RouteAuth {
  const flag = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
  if (flag<boolean>(IS_PUBLIC_KEY)) return { kind: 'public' };
  if (flag<boolean>(STAFF_KEY)) return { kind: 'staff' };
  if (flag<boolean>(PORTAL_KEY)) return { kind: 'portal' };
  if (flag<boolean>(OPTIONAL_AUTH_KEY)) return { kind: 'optional' };
  return { kind: 'org', roles: flag<Role[]>(ROLES_KEY) ?? [] };
}

/** Whether the guard lets an API key call the route at all (ApiKeyAccess; `read` leaves it the GET routes). */
function acceptsApiKey(controller: Function, handler: Function): boolean {
  const access = Reflect.getMetadata(API_KEY_ACCESS_KEY, handler) ?? Reflect.getMetadata(API_KEY_ACCESS_KEY, controller);
  if (access === 'none') return false;
  return access !== 'read' || Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.GET;
}

const documented = new WeakSet<Function>();

/**
 * Adds what every route shares, derived in this one place instead of written on each route: its tag, its
 * security requirement (from @Public/@OptionalAuth/@StaffOnly/@Roles, as the guard decides), the 401/403
 * replies that requirement implies, and the 400 reply of bad input. Idempotent: each controller once.
 */
function decorateRoutes(app: INestApplication): void {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Function | null;
      if (!controller || documented.has(controller)) continue;
      documented.add(controller);
      const tag = controller.name
        .replace(/Controller$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
      ApiTags(tag)(controller);
      ApiExtraModels(ErrorEnvelopeDto)(controller);
      const proto = controller.prototype as Record<string, Function>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
        const apply = (d: MethodDecorator) => d(proto, name, descriptor);
        const auth = routeAuth(controller, handler);
        apply(ApiBadRequestResponse({ description: 'Bad input: the field messages are in `errors`', type: ErrorEnvelopeDto }));
        if (auth.kind === 'public') continue;
        if (auth.kind === 'staff') apply(ApiBearerAuth(STAFF_BEARER));
        else if (auth.kind === 'portal') apply(ApiBearerAuth(PORTAL_BEARER));
        // No token is also accepted: an empty requirement object makes the bearer optional (OpenAPI 3 §4.8.30).
        else if (auth.kind === 'optional') {
          apply(ApiSecurity({}));
          apply(ApiBearerAuth(ORG_BEARER));
        } else apply(ApiBearerAuth(ORG_BEARER));
        if (auth.kind !== 'staff' && auth.kind !== 'portal' && acceptsApiKey(controller, handler)) apply(ApiBearerAuth(API_KEY_BEARER));
        apply(ApiUnauthorizedResponse({ description: 'No token, or an expired, revoked or wrong-audience token', type: ErrorEnvelopeDto }));
        if (auth.kind === 'org') {
          const roles = auth.roles.length ? auth.roles : ['admin', 'teacher'];
          apply(ApiExtension('x-roles', roles));
          apply(
            ApiForbiddenResponse({
              description: `Needs the ${roles.join(' or ')} role, and the caller's own organization`,
              type: ErrorEnvelopeDto,
            }),
          );
        }
      }
    }
  }
}

/**
 * What the document says beyond the routes: the OpenAPI 3.1 `webhooks` (requests Classlane makes to its customers'
 * endpoints) and the classes their schemas refer to. Given by the caller: this folder imports no module.
 */
export interface OpenApiExtras {
  webhooks: NonNullable<OpenAPIObject['webhooks']>;
  models: Function[];
  /** Each feature's failure-code enum by its name (src/error-codes.ts): the values of the envelope's `code`. */
  errorCodes: Record<string, Record<string, string>>;
}

/** The OpenAPI 3.1 document of the running application's controllers and DTOs, with the webhooks given. */
export function createOpenApiDocument(app: INestApplication, extras: OpenApiExtras): OpenAPIObject {
  applyValidatorSchemas();
  decorateRoutes(app);
  const config = new DocumentBuilder()
    .setTitle('Classlane API')
    .setDescription(
      [
        'Class scheduling, registration and payments for many organizations. The guide (envelope, errors, paging, ids) is ',
        '[docs/api.md](https://github.com/classlane/classlane/blob/main/docs/api.md).',
        '',
        'Every JSON reply is `{ success, data, error }`. Sign in with `POST /api/auth/signin` and send the token as ',
        '`Authorization: Bearer <token>` (scheme **bearer**); platform staff sign in at `POST /api/admin/auth/signin` ',
        '(scheme **staff**: organization tokens are refused there, and staff tokens everywhere else).',
        '',
        'Scripts and integrations use an API key instead (scheme **apiKey**, Professional plan): an admin makes one with ',
        '`POST /api/api-keys` and it is sent the same way, `Authorization: Bearer cl_live_…`. A `read` key may call the ',
        "GET routes of its organization's admin; a `read`+`write` key may also change what an admin may change, except the ",
        'team, the keys, the subscription and the organization itself.',
      ].join('\n'),
    )
    .setVersion('1')
    // 3.1 for the `webhooks` section; @nestjs/swagger writes a nullable field as a type list (`["string", "null"]`).
    .setOpenAPIVersion('3.1.0')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'An organization user (admin or teacher): POST /api/auth/signin',
      },
      ORG_BEARER,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Platform staff: POST /api/admin/auth/signin' },
      STAFF_BEARER,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'cl_live_…',
        description: "An organization's API key (Professional plan): POST /api/api-keys; scopes read or read+write",
      },
      API_KEY_BEARER,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'A student in their portal: POST /api/portal/session with the emailed sign-in link (opens only /api/portal/*)',
      },
      PORTAL_BEARER,
    )
    .build();
  config.webhooks = extras.webhooks;
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
    extraModels: [...extras.models, ...extendedParents()],
  });
  untypeEchoedFields(document);
  writeExtensions(document);
  addErrorCodes(document, extras.errorCodes);
  return sortDocument(document);
}

/**
 * One string-enum schema per feature's failure codes (`x-enum-varnames`: the enum's member names, which
 * `npm run api:types` writes to shared/api/error-codes.ts), and `ErrorCode`, their union, as the type of the error
 * envelope's `code`. A value shared by two features (LIMIT_REACHED) means the same to a client in both.
 */
function addErrorCodes(document: OpenAPIObject, errorCodes: OpenApiExtras['errorCodes']): void {
  const schemas = (document.components ??= {}).schemas ?? {};
  const names = Object.keys(errorCodes).sort();
  for (const name of names) {
    const members = Object.entries(errorCodes[name]);
    schemas[name] = {
      type: 'string',
      enum: members.map(([, value]) => value),
      'x-enum-varnames': members.map(([key]) => key),
      description: `Failure codes of the ${name
        .replace(/Error$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()} feature`,
    } as never;
  }
  schemas.ErrorCode = {
    anyOf: names.map((name) => ({ $ref: `#/components/schemas/${name}` })),
    description: "A failure a client can act on: one feature's code (its `<feature>.exception.ts`)",
  };
  const envelope = schemas.ErrorEnvelopeDto as { properties: Record<string, unknown> };
  envelope.properties.code = { $ref: '#/components/schemas/ErrorCode' };
  document.components.schemas = schemas;
}

/** `unknown` fields get `type: object` from their design type; they accept any value, so no type. */
function untypeEchoedFields(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    for (const property of Object.values((schema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {})) {
      if (property.description === ECHOED_FIELD) delete property.type;
    }
  }
}

/** Stable key order, so the committed docs/openapi.json only changes when the API does. */
function sortDocument(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  const schemas = document.components?.schemas ?? {};
  const sortedSchemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { ...document, paths, components: { ...document.components, schemas: sortedSchemas } };
}

/** The document as committed in docs/openapi.json: stable JSON, two-space indent, final newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return JSON.stringify(document, null, 2) + '\n';
}

/** Swagger UI at /api/docs and the document at /api/docs-json, built on the first request. */
export function setupOpenApi(app: INestApplication, extras: OpenApiExtras): void {
  let document: OpenAPIObject | undefined;
  SwaggerModule.setup(DOCS_PATH, app, () => (document ??= createOpenApiDocument(app, extras)), {
    jsonDocumentUrl: 'api/docs-json',
    raw: ['json'],
    customSiteTitle: 'Classlane API',
    // No call-out to validator.swagger.io from the page.
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
}
