// The baseline: Hono on @hono/node-server with one route and no middleware, as its docs start.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' }, () => process.send?.('ready'));
