import fastJson, { type AnySchema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Compiled JSON serializers for the hot list calls (docs/decisions/0011).
 *
 * The app's default serializer (fastify-type-provider-zod) parses every answer with zod and
 * then runs JSON.stringify: for a page of 20 catalogue items that was the largest share of the
 * request's CPU. Here the zod schema is turned into JSON Schema once and fast-json-stringify
 * generates a function that writes exactly the declared fields. The route keeps its zod
 * response schema, so OpenAPI and the handler's types are unchanged; only the runtime check
 * is dropped, which is safe where the handler's return type (checked by TypeScript against
 * the same zod schema) already is the answer's shape.
 */

type JsonSchema = { [key: string]: unknown };

/** Keywords fast-json-stringify does not use when writing JSON; dropping them keeps the schema small. */
const UNUSED = new Set(['$schema', 'description', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength']);

/**
 * The JSON Schema of what `schema` outputs, shaped for fast-json-stringify: zod writes a
 * nullable integer as `anyOf: [integer, null]`, which fast-json-stringify would resolve per
 * value through Ajv, so such unions become `type: [integer, null]`.
 */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' })) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!UNUSED.has(key)) out[key] = key === 'properties' ? mapValues(value as JsonSchema, simplify) : simplify(value);
  }
  const nullable = nullableType(out.anyOf);
  if (nullable) {
    delete out.anyOf;
    Object.assign(out, nullable);
  }
  return out;
}

/** `anyOf: [{ type: T, … }, { type: 'null' }]` → `{ type: [T, 'null'], … }`, for a scalar T. */
function nullableType(anyOf: unknown): JsonSchema | undefined {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const other = anyOf.find((s: JsonSchema) => s.type !== 'null') as JsonSchema | undefined;
  if (!other || !anyOf.some((s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1)) return undefined;
  if (!['string', 'number', 'integer', 'boolean'].includes(other.type as string)) return undefined;
  return { ...other, type: [other.type, 'null'] };
}

const mapValues = (o: JsonSchema, f: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** A serializer for the output of `schema`: fields the schema does not declare are left out. */
export function compileJson<T extends z.ZodType>(schema: T): (value: z.output<T>) => string {
  return fastJson(serializerSchema(schema) as AnySchema);
}

const compiled = new WeakMap<z.ZodType, (value: unknown) => string>();

/**
 * The route option `serializerCompiler` for a route whose answers are written by compiled
 * serializers (every status of its `response`, errors included). Fastify calls it once per
 * status with that status's schema (its type says "the route schema", hence `unknown`). One
 * serializer per zod schema, shared by the routes that answer with it.
 */
export function compiledSerializerCompiler({ schema }: { schema: unknown }): (value: unknown) => string {
  if (!(schema instanceof z.ZodType))
    throw new Error('compiledSerializerCompiler: a response schema is not a zod schema');
  let serialize = compiled.get(schema);
  if (!serialize) compiled.set(schema, (serialize = compileJson(schema)));
  return serialize;
}
