import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The site's helmet policy (CSP: scripts only from the site itself; spec §7 pages never inline scripts). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      mediaSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/**
 * The headers helmet sets for this policy. They do not depend on the request (no nonces), yet helmet parses
 * and formats its directives again on every answer (about a tenth of preInfo's time, docs/decisions/0013):
 * ask helmet once at start, on a throwaway instance, so the headers stay exactly helmet's.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!own.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The headers that matter for a JSON answer: the ones that still act if an answer is opened as a document (CSP,
 * nosniff, X-Frame-Options). The others helmet sets only act on a document that loads subresources or on
 * cross-origin element loads (COOP, CORP, Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control,
 * X-Download-Options, X-XSS-Protection, X-Permitted-Cross-Domain-Policies); an API call needs X-API-* headers
 * that an element load cannot send, so the guard refuses those anyway. They were ~700 bytes and eight header
 * lines on every small answer, paid by the server and every client (docs/decisions/0013).
 */
const API_HEADER_NAMES = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];
/**
 * The policy of a JSON answer opened as a document: nothing in it may run or be framed elsewhere. The page's
 * policy (helmet's, ~300 bytes) lists sources a JSON document never loads; this one is a quarter of the size on
 * every API answer (docs/decisions/0013).
 */
const API_CSP = "default-src 'self';script-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'self'";

/** The API groups and cache paths (spec §7); anything else is a page, an asset or the socket. */
const API_URL = /^\/(?:(?:site|act|game|fd|agent)\/api\/|page\/fd\/api\/|api\/(?:api|json)-cache\/)/;

/** Every answer (API, page, asset, error) carries the security headers; API answers the ones that apply. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const page = await helmetHeaders();
  const api: Record<string, string> = {
    ...Object.fromEntries(Object.entries(page).filter(([name]) => API_HEADER_NAMES.includes(name))),
    'content-security-policy': API_CSP,
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(API_URL.test(req.url) ? api : page);
    done();
  });
}
