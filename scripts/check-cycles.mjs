// Fails when src/ has an import cycle between files or between its top-level folders (type imports
// count: a cycle of types is still two folders that cannot be understood one without the other).
import madge from 'madge';

const graph = await madge('src', {
  fileExtensions: ['ts'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/\.spec\.ts$/, /\.d\.ts$/],
});
const problems = [];
for (const cycle of graph.circular()) problems.push(`files: ${[...cycle, cycle[0]].join(' -> ')}`);

/** A file's folder: the first segment under src/ (the files at its root, main.ts and the like, stand for themselves). */
const folderOf = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);
const edges = new Map();
for (const [file, imports] of Object.entries(graph.obj())) {
  const from = folderOf(file);
  for (const target of imports) {
    const to = folderOf(target);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const byTarget = edges.get(from);
    if (!byTarget.has(to)) byTarget.set(to, `${file} -> ${target}`);
  }
}

// Tarjan's strongly connected components: every component of more than one folder is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function visit(node) {
  indexOf.set(node, index);
  low.set(node, index++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
  }
  if (low.get(node) !== indexOf.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) {
    const inside = new Set(component);
    const links = component.flatMap((from) => [...(edges.get(from) ?? [])].filter(([to]) => inside.has(to)).map(([, example]) => `    ${example}`));
    problems.push(`folders: ${component.sort().join(', ')} import each other:\n${links.join('\n')}`);
  }
}
for (const node of edges.keys()) if (!indexOf.has(node)) visit(node);

if (problems.length) {
  process.stderr.write(`Import cycles in src/:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`No import cycles in src/ (${Object.keys(graph.obj()).length} files, ${edges.size} folders).\n`);
