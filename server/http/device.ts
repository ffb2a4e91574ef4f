import type { FastifyRequest } from 'fastify';
import { HEADER } from '../../src/protocol/api.ts';

/** A device id (the X-API-UUID cookie and header, spec §7): a UUID, or any 8–64 letters, digits and dashes. */
export const DEVICE_UUID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

const UUID_HEADER = HEADER.uuid.toLowerCase();

/** The caller's device id from X-API-UUID, or null when absent or malformed (never trusted beyond its shape). */
export function deviceOf(req: Pick<FastifyRequest, 'headers'>): string | null {
  const uuid = req.headers[UUID_HEADER];
  return typeof uuid === 'string' && DEVICE_UUID_PATTERN.test(uuid) ? uuid : null;
}
