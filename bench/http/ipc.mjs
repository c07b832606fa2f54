// What every benchmarked server process does once it listens: tell the harness, and answer its
// memory probes (a full GC first when the process runs with --expose-gc) and CPU probes (the
// process's CPU time so far, for the server's own cost per request).
export function ready() {
  process.on('message', (message) => {
    if (message === 'exit') process.exit(0); // lets --cpu-prof write its profile
    if (message === 'cpu') return void process.send?.(process.cpuUsage());
    if (message !== 'memory') return;
    globalThis.gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  });
  process.send?.('ready');
}
