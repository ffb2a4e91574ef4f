import { Type, type Static, type TObject, type TSchema } from 'typebox';

// Schema helpers: every route declares its input and its 200 answer (issue 8 §3); handlers' types are derived
// from these TypeBox schemas by @fastify/type-provider-typebox, so a shape is written once.

/** The envelope {status_code, message, data} of every API answer (spec §7), around data's schema. */
export function envelope(data: object) {
  return {
    type: 'object',
    required: ['status_code', 'message', 'data'],
    properties: { status_code: { type: 'integer' }, message: { type: 'string' }, data },
  } as const;
}

export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

/** The envelope as a TypeBox schema: the reply's type follows data's. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status_code: Type.Integer(), message: Type.String(), data });

/**
 * The input of a GET that takes none: a query string with no parameters. Every API route declares its input
 * (tests/server/route-schemas.test.ts), so a parameter a handler reads is always declared and validated. Keys
 * it does not declare are left unread rather than refused: a cache-busting `?_=` or the landing form's
 * `?token=` (spec §2) carried along must not break the call, and the handler's type has no field to read.
 */
export const NoQuery = Type.Object({});

/**
 * A body that may be absent (`null` after Fastify's empty-body handling) or an object of these fields. One
 * schema with `type: ['object', 'null']` rather than an anyOf, so Ajv still applies the fields' defaults.
 */
export const OptionalBody = <T extends TObject>(body: T) =>
  Type.Unsafe<Static<T> | null>({ ...body, type: ['object', 'null'] });

/** A string from a fixed list, as a plain JSON-schema enum (one validation error, not one per branch). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
