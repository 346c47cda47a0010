// The yardstick of the read path: a bare Fastify hello-world on the same Node, same machine.
// GET /same-size/:bytes answers a JSON body of that size, to tell payload costs from the app's.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/v1/health', async () => ({ ok: true }));
const bodies = new Map();
app.get('/same-size/:bytes', async (request, reply) => {
  const size = Number(request.params.bytes);
  if (!bodies.has(size))
    bodies.set(size, JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 11)) }));
  return reply.type('application/json; charset=utf-8').send(bodies.get(size));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
