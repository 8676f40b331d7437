// Runs s3rver for tests in its own process, started by server/test/s3-server.ts.
// Its own process because s3rver's ListObjectsV2 continuation tokens use DES, which
// Node 17+ (OpenSSL 3) only offers with --openssl-legacy-provider: a flag for this
// process alone, not for the tests.
// Arguments: <directory> <bucket>. Prints {"port": n} once listening; exits when its
// parent closes stdin (the parent is gone) or on SIGTERM.
const S3rver = require('s3rver');

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});

server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);

function stop() {
  server.httpServer?.closeAllConnections();
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
