import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './support/mcp-client.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** The node flags of `npm start`: every other way of starting the server documented here uses the same. */
function startFlags(): string[] {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const match = /^node((?: --\S+)*) dist\/src\/main\.js$/.exec(scripts.start);
  if (!match) throw new Error(`unexpected start script: ${scripts.start}`);
  return match[1].split(' ').filter(Boolean);
}

/**
 * The server's memory settings are node flags (V8 sizes its young generation when the process starts;
 * nothing set later resizes it), so each command line that starts the server carries them.
 */
describe('commands that start the server', () => {
  const flags = startFlags();

  it('npm start caps the young generation', () => {
    expect(flags).toContain('--max-semi-space-size=8');
  });

  it('npm start bounds the growth of the old generation between full collections', () => {
    expect(flags).toContain('--heap-growing-percent=50');
  });

  it('npm run start:stdio uses the flags of npm start', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:stdio']).toBe(`node ${flags.join(' ')} dist/src/main.js --stdio`);
  });

  it("the Docker image's command uses them", () => {
    expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...flags, 'dist/src/main.js'])}`.replace(/","/g, '", "'));
  });

  it('every client configuration and command line in the README that starts main.js uses them', () => {
    const readme = read('README.md');
    const starts = [...readme.matchAll(/(?:"args": \[([^\]]*)"[^"]*dist\/src\/main\.js"|node((?: --\S+)*) dist\/src\/main\.js)/g)];
    expect(starts.length).toBeGreaterThan(0);
    for (const [whole, args, cli] of starts) {
      const given = args !== undefined ? [...args.matchAll(/"(--[^"]+)"/g)].map(([, flag]) => flag) : (cli ?? '').split(' ').filter(Boolean);
      expect({ whole, given }).toEqual({ whole, given: flags });
    }
  });
});
