// Preloaded (node --import) into a server under test. Dormant until the parent process sends
// {bench: 'profile-start'} over the IPC channel; {bench: 'profile-stop', file} writes a
// .cpuprofile (Chrome DevTools format) and answers {bench: 'profile-written', file}.
// {bench: 'heap-start'} / {bench: 'heap-stop', file} do the same with V8's sampling heap profiler
// (a .heapprofile): every allocation sampled, the objects young-generation collections reclaim
// included, so the profile tells what a call allocates, not what it leaves behind.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

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
