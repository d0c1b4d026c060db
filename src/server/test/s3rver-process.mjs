// Runs s3rver for src/server/test/s3-server.ts in a process of its own: s3rver makes its list
// continuation tokens with DES, which Node's OpenSSL 3 offers only with --openssl-legacy-provider,
// a flag the test process itself should not carry. Prints {"port":N} once listening; stops on SIGTERM.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
