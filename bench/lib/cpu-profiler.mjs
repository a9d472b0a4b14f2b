// Preloaded (node --import) into a server under test. Dormant until the parent process sends
// {bench: 'profile-start'} over the IPC channel; {bench: 'profile-stop', file} writes a
// .cpuprofile (Chrome DevTools format) and answers {bench: 'profile-written', file}.
// {bench: 'heap-start'} / {bench: 'heap-stop', file} do the same with V8's sampling heap profiler
// (a .heapprofile): every allocation sampled, the objects young-generation collections reclaim
// included, so the profile tells what a call allocates, not what it leaves behind.
// {bench: 'tail-start'} / {bench: 'tail-stop'} time every POST the process's HTTP servers answer
// (when it reached the request listener, when its answer was handed to the socket, when the answer
// before it on the same connection was, and how long the event loop was busy between that answer
// and the listener) and every garbage collection pause, and answer {bench: 'tail-timed', calls,
// pauses} (lib/tail.ts reads them).
import { writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { Session } from 'node:inspector';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** The timing tail-start installs; tail-stop removes it and answers what it saw. */
let tail;

function startTail() {
  const calls = [];
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  // The answer before, per connection, with the event loop's busy time then (eventLoopUtilization's
  // `active`: time out of its wait for I/O). At one connection, what lies between that answer and
  // the next request's listener is the load generator's turn, the loopback, and whatever the
  // server's thread did first: the busy time tells the server's own work from waiting for the request.
  const previousAnswer = new WeakMap();
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, req, res) {
    if (event === 'request' && req.method === 'POST') {
      const reached = performance.now();
      const busyAtListener = performance.eventLoopUtilization().active;
      const previous = previousAnswer.get(req.socket);
      res.once('finish', () => {
        const answered = performance.now();
        previousAnswer.set(req.socket, { answered, busy: performance.eventLoopUtilization().active });
        calls.push([previous?.answered ?? null, reached, answered, previous ? busyAtListener - previous.busy : null]);
      });
    }
    return emit.apply(this, arguments);
  };
  tail = {
    stop() {
      Server.prototype.emit = emit;
      observer.disconnect();
      return { calls, pauses };
    },
  };
}

if (process.channel) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  process.on('message', async (message) => {
    try {
      if (message?.bench === 'profile-start') {
        await post('Profiler.enable');
        await post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 200 });
        await post('Profiler.start');
        process.send?.({ bench: 'profile-started' });
      } else if (message?.bench === 'heap-start') {
        await post('HeapProfiler.enable');
        await post('HeapProfiler.startSampling', {
          samplingInterval: message.intervalBytes ?? 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        process.send?.({ bench: 'heap-started' });
      } else if (message?.bench === 'heap-stop') {
        const { profile } = await post('HeapProfiler.stopSampling');
        writeFileSync(message.file, JSON.stringify(profile));
        process.send?.({ bench: 'heap-written', file: message.file });
      } else if (message?.bench === 'tail-start') {
        tail?.stop();
        startTail();
        process.send?.({ bench: 'tail-started' });
      } else if (message?.bench === 'tail-stop') {
        const timed = tail?.stop() ?? { calls: [], pauses: [] };
        tail = undefined;
        process.send?.({ bench: 'tail-timed', ...timed });
      } else if (message?.bench === 'profile-stop') {
        const { profile } = await post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
        process.send?.({ bench: 'profile-written', file: message.file });
      }
    } catch (error) {
      process.send?.({ bench: 'profile-error', message: String(error) });
    }
  });
  // The channel must not keep the server alive on its own, nor delay its shutdown.
  process.channel.unref();
}
