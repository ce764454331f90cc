/**
 * The reply-versus-document check: where a JSON reply (or a webhook's body) differs from the schema the OpenAPI
 * document gives it. Shared by openapi-replies.e2e-spec.ts, the suites whose routes need a stand-in to answer, and
 * the webhook suites.
 */
export type Schema = {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  /** OpenAPI 3.1: a nullable field is a list of types with 'null' in it. */
  type?: string | string[];
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
  webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
};

/**
 * Where a reply differs from its documented schema: missing required fields, undocumented fields, wrong
 * types. Enough of JSON Schema for what @nestjs/swagger emits (refs, allOf, anyOf and oneOf, nullable as 3.0 and 3.1
 * write it, arrays, enums).
 */
export function mismatches(doc: Document, schema: Schema, value: unknown, at: string): string[] {
  if (schema.$ref) return mismatches(doc, doc.components.schemas[schema.$ref.split('/').pop()!], value, at);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[key];
    if (!alternatives) continue;
    const results = alternatives.map((a) => mismatches(doc, a, value, at));
    const fitting = results.filter((r) => !r.length).length;
    if (key === 'oneOf' && fitting > 1) return [`${at}: fits ${fitting} of the oneOf schemas, not exactly one`];
    if (fitting) return [];
    // None fits: the closest alternative's differences say the most.
    return results.reduce((best, r) => (r.length < best.length ? r : best));
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    if (value === null) return schema.type.includes('null') ? [] : [`${at}: null but not nullable`];
    return types.length === 1
      ? mismatches(doc, { ...schema, type: types[0] }, value, at)
      : types.some((t) => !mismatches(doc, { ...schema, type: t }, value, at).length)
        ? []
        : [`${at}: ${JSON.stringify(value)} is none of ${types.join(', ')}`];
  }
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
  if (value === null)
    return schema.nullable || schema.type === 'null' || schema.enum?.includes(null) ? [] : [`${at}: null but not nullable`];
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
    case 'null':
      return [`${at}: expected null, got ${JSON.stringify(value)}`];
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

/** Where a delivered webhook body differs from the document's `webhooks` entry of its event type. */
export function webhookMismatches(doc: Document, body: { type?: unknown }): string[] {
  const type = String(body.type);
  const schema = doc.webhooks?.[type]?.post.requestBody.content['application/json']?.schema;
  if (!schema) return [`webhook ${type}: not in the document's webhooks`];
  return mismatches(doc, schema, body, `webhook ${type}`);
}
