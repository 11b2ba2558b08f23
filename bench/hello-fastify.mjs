// The ceiling: a bare Fastify "hello", measured in the same run as the store.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => 'hello');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
