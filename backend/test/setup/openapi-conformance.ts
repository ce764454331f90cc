/**
 * The reply-versus-document check: where a JSON reply differs from the schema the OpenAPI document gives its
 * route. Shared by openapi-replies.e2e-spec.ts and the suites whose routes need a stand-in to answer.
 */
export type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
};
export type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

/**
 * Where a reply differs from its documented schema: missing required fields, undocumented fields, wrong
 * types. Enough of JSON Schema for what @nestjs/swagger emits (refs, allOf, nullable, arrays, enums).
 */
export function mismatches(doc: Document, schema: Schema, value: unknown, at: string): string[] {
  if (schema.$ref) return mismatches(doc, doc.components.schemas[schema.$ref.split('/').pop()!], value, at);
  if (schema.allOf) {
    // Merge the parts (envelope base + route-specific data), later parts winning per property.
    const merged: Schema = { type: 'object', properties: {}, required: [], nullable: schema.nullable };
    for (const part of schema.allOf) {
      const p = part.$ref ? doc.components.schemas[part.$ref.split('/').pop()!] : part;
      if (p.allOf || (p.type && p.type !== 'object') || (!p.properties && p.$ref)) return mismatches(doc, p, value, at);
      Object.assign(merged.properties!, p.properties);
      merged.required!.push(...(p.required ?? []));
      if (p.nullable) merged.nullable = true;
    }
    return mismatches(doc, merged, value, at);
  }
  if (value === null) return schema.nullable || schema.enum?.includes(null) ? [] : [`${at}: null but not nullable`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  switch (schema.type) {
    case undefined:
      return [];
    case 'string':
      return typeof value === 'string' ? [] : [`${at}: expected a string, got ${JSON.stringify(value)}`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: expected a boolean`];
    case 'number':
      return typeof value === 'number' ? [] : [`${at}: expected a number, got ${JSON.stringify(value)}`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at}: expected an integer, got ${JSON.stringify(value)}`];
    case 'array':
      if (!Array.isArray(value)) return [`${at}: expected an array`];
      return value.flatMap((v, i) => mismatches(doc, schema.items ?? {}, v, `${at}[${i}]`));
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: expected an object`];
      const record = value as Record<string, unknown>;
      const out = (schema.required ?? []).filter((k) => !(k in record)).map((k) => `${at}.${k}: required but missing`);
      for (const [k, v] of Object.entries(record)) {
        const property = schema.properties?.[k];
        if (property) out.push(...mismatches(doc, property, v, `${at}.${k}`));
        else if (!schema.additionalProperties && schema.properties) out.push(`${at}.${k}: not documented`);
      }
      return out;
    }
    default:
      return [];
  }
}
