import { Hono } from 'hono';
import { authApi } from './auth';

export function api() {
  const app = new Hono();
  app.route('/', authApi);
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
