import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { instrumentClient } from './instrumented';

it('lets a caller wrap and restore execute without the wrapper calling itself', async () => {
  const client = instrumentClient(createClient({ url: ':memory:' }));
  const seen: string[] = [];
  const execute = client.execute.bind(client);
  client.execute = ((stmt: string) => {
    seen.push(stmt);
    return execute(stmt);
  }) as typeof client.execute;
  expect((await client.execute('select 1 as one')).rows[0]?.one).toBe(1);
  client.execute = execute;
  await client.execute('select 2');
  expect(seen).toEqual(['select 1 as one']);
  client.close();
});
