// A minimal Fastify JSON route: the baseline that preInfo's requests/s are compared with.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ ok: true }));
// For reference: Fastify's own cost of a POST with a JSON body (preInfo is a POST; docs/decisions/0013).
app.post('/bare', async () => ({ ok: true }));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`LISTENING ${new URL(address).port}`);

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
