// One autocannon measurement in a process of its own, so the load generator never shares
// an event loop (or a core's time slice) with the server it measures or with the bench.
// Argument: the options as JSON ({ url, connections, seconds, headers, rate, requests }). Prints one
// line of JSON: requests, non-2xx answers, errors, seconds elapsed and every latency (ms).
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const latencies = [];
const instance = autocannon(
  {
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    // A fixed rate over all connections for latency at a given load; unset: as fast as the
    // server answers.
    ...(options.rate ? { overallRate: options.rate } : {}),
    // A sequence each connection sends in turn (many teachers' pages), else `url` alone.
    ...(options.requests ? { requests: options.requests } : {}),
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(
      `${JSON.stringify({
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        seconds: result.duration,
        latencies,
      })}\n`,
    );
  },
);
// autocannon's own histogram keeps whole milliseconds; a cached read takes a fraction of one.
instance.on('response', (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
