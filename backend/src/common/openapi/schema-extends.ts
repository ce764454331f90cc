import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; allOf?: unknown[] };
type DtoClass = abstract new () => object;

/** Each DTO written as its parent plus its own fields, with that parent. */
const extensions = new Map<DtoClass, DtoClass>();

/**
 * Documents the DTO as its parent's schema plus its own fields (`allOf`), instead of a copy of every inherited field:
 * a parent shared by several DTOs (the organization's settings, taken by two routes) is then described once, and a
 * client's generated types say the objects are the same.
 */
export function ApiExtendsParent(): ClassDecorator {
  return (target) => {
    extensions.set(target as unknown as DtoClass, Object.getPrototypeOf(target) as DtoClass);
  };
}

/** The parents to document as schemas of their own (SwaggerModule's `extraModels`). */
export const extendedParents = (): DtoClass[] => [...new Set(extensions.values())];

/** Rewrites each extending DTO's schema as `allOf` its parent's and its own fields (once the document is built). */
export function writeExtensions(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  for (const [child, parent] of extensions) {
    const own = schemas[child.name];
    const inherited = schemas[parent.name];
    if (!own?.properties || !inherited?.properties) continue;
    const parentFields = new Set(Object.keys(inherited.properties));
    const properties = Object.fromEntries(Object.entries(own.properties).filter(([name]) => !parentFields.has(name)));
    const required = (own.required ?? []).filter((name) => !parentFields.has(name));
    schemas[child.name] = {
      allOf: [{ $ref: `#/components/schemas/${parent.name}` }, { type: 'object', properties, ...(required.length ? { required } : {}) }],
    };
  }
}
