import type { ChildProcess } from 'node:child_process';

/**
 * The processes a bench starts (servers, baselines, perf) end with it. A bench that stops early —
 * an error, Ctrl-C, a closed pipe on its output (`… | head`) — would otherwise leave servers
 * listening, still holding CPU and the next run's ports.
 */
const running = new Set<ChildProcess>();
let hooked = false;

/** Ends `child` when this process ends, unless it has exited by then. */
export function endsWithBench<T extends ChildProcess>(child: T): T {
  hookExit();
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // 'exit' runs on a normal end, process.exit() and an uncaught error; a signal's default action
  // would skip it, so the usual ones exit through it (with the shell's 128 + signal number).
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const)
    process.once(signal, () => process.exit(128 + number));
  // A reader that went away (`| head`): the bench ends instead of running on unseen.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(141);
    });
  }
}
