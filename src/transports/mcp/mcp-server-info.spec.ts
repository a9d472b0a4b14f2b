import { LATEST_PROTOCOL_VERSION as SDK_LATEST, SUPPORTED_PROTOCOL_VERSIONS as SDK_SUPPORTED } from '@modelcontextprotocol/sdk/types.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './mcp-server-info.js';

describe('protocol revisions', () => {
  it('are those of the installed SDK', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe(SDK_LATEST);
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual([...SDK_SUPPORTED]);
  });
});
