import type { ChildProcess } from 'node:child_process';

/** The profiler hook preloaded into a server (lib/cpu-profiler.mjs), started with an IPC channel. */
export const PROFILER_HOOK = new URL('./cpu-profiler.mjs', import.meta.url).pathname;

/** What the hook sends back: `bench` names the answer, the rest is what it carries. */
export interface ProfilerAnswer {
  bench?: string;
  message?: string;
  [field: string]: unknown;
}

/** Sends `message` to the hook in `child` and resolves with its `answer` (rejects on its error report). */
export function askProfiler(child: ChildProcess, message: Record<string, unknown>, answer: string): Promise<ProfilerAnswer> {
  return new Promise<ProfilerAnswer>((resolve, reject) => {
    const onMessage = (m: ProfilerAnswer) => {
      if (m?.bench === answer) {
        child.off('message', onMessage);
        resolve(m);
      } else if (m?.bench === 'profile-error') {
        child.off('message', onMessage);
        reject(new Error(m.message));
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
