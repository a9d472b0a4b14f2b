import type { ChildProcess } from 'node:child_process';

/** The profiler hook preloaded into a server (lib/cpu-profiler.mjs), started with an IPC channel. */
export const PROFILER_HOOK = new URL('./cpu-profiler.mjs', import.meta.url).pathname;

/** Sends `message` to the hook in `child` and waits for its `answer` (rejects on its error report). */
export function askProfiler(child: ChildProcess, message: Record<string, unknown>, answer: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (m: { bench?: string; message?: string }) => {
      if (m?.bench === answer) {
        child.off('message', onMessage);
        resolve();
      } else if (m?.bench === 'profile-error') {
        child.off('message', onMessage);
        reject(new Error(m.message));
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
