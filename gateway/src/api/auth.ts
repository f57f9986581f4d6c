import { Hono } from 'hono';

/** Sessions arrive with the accounts work; until then nobody is signed in. */
export const authApi = new Hono().get('/auth/user', (c) => c.json({ message: 'Not authenticated' }, 401));
