import type { Issue } from '../envelope/issue.js';
import { closestOf } from '../text/suggest.js';
import { closestTools } from '../tools/closest-tools.js';
import { RENAMED_TOOLS } from '../tools/renamed-tools.js';

/** The name refusals before any tool runs (a token, a scope, an origin) are audited under. */
const BEFORE_A_CALL = 'mcp';

/**
 * A tool filter of the audit that names no tool the log can hold, refused with the closest tools
 * rather than answered with no entries. The log holds current tools, tools renamed since
 * (RENAMED_TOOLS), 'mcp', and under outcome UNKNOWN_TOOL any name a call used: those are taken.
 */
export function toolFilterIssues(tool: string | undefined, outcome: string | undefined, names: readonly string[]): Issue[] {
  if (tool === undefined || outcome === 'UNKNOWN_TOOL' || tool === BEFORE_A_CALL || names.includes(tool) || Object.hasOwn(RENAMED_TOOLS, tool)) return [];
  const closest = closestTools(tool, names, 3);
  // One tool clearly closest (the desk's margin rule) is the suggestion; else the message lists them.
  const meant =
    closest.length === 1
      ? closest[0]
      : closestOf(
          tool,
          closest.map((name) => [name, name] as const),
        );
  return [
    {
      field: 'tool',
      code: 'INVALID_VALUE',
      received: tool,
      message: `tool '${tool}' names no tool.${closest.length ? ` Closest: ${closest.join(', ')}.` : ''} (Calls of an unknown tool name: outcome UNKNOWN_TOOL.)`,
      expected: 'a tool name',
      ...(meant ? { did_you_mean: meant } : {}),
    },
  ];
}
