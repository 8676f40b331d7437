import { describe, expect, it } from 'vitest';
import { statCpuMs } from './cpu-time';
import { median, parseWrkOutput, percentile } from './load';

const WRK_OUTPUT = `Running 5s test @ http://127.0.0.1:4401/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.52ms  512.30us  12.01ms   90.12%
    Req/Sec    33.10k     1.20k   35.00k    70.00%
  Latency Distribution
     50%    1.40ms
     75%    1.60ms
     90%    1.90ms
     99%  850.00us
  164747 requests in 5.00s, 29.54MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  32949.40
Transfer/sec:      5.91MB
`;

describe('the load figures', () => {
  it("read wrk's summary: requests, rate, errors and latency percentiles in milliseconds", () => {
    expect(parseWrkOutput(WRK_OUTPUT)).toEqual({
      requests: 164_747,
      perSecond: 32_949.4,
      errors: 7,
      p50: 1.4,
      p99: 0.85,
    });
  });

  it('take the nearest-rank percentile and the median', () => {
    const sorted = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('read CPU time from a /proc stat line whose command name holds spaces', () => {
    const line = '42 (node worker) S 1 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 12 0 100 0';
    expect(statCpuMs(line)).toBe(3000);
  });
});
