// JSON schema helpers: every route declares its input and output (fastify/demo style).

export function envelope(data: object) {
  return {
    type: 'object',
    required: ['status_code', 'message', 'data'],
    properties: { status_code: { type: 'integer' }, message: { type: 'string' }, data },
  } as const;
}

export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
