// s3rver in a process of its own, so a test can freeze it (SIGSTOP) as a hung bucket server, and resume it.
// argv: <directory> <bucket>[,<bucket>...] [port]; prints {"port":N} once it listens.
import S3rver from 's3rver';

const [directory, buckets, port = '0'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: buckets.split(',').map((name) => ({ name })),
});
const { port: listening } = await server.run();
process.stdout.write(`${JSON.stringify({ port: listening })}\n`);
process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
