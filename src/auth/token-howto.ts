/** How an operator makes a token for MCP clients: said by every refusal that a missing or bad token causes. */
export const MCP_TOKEN_COMMAND = 'npm run --silent token -- create --user <login> --scopes mcp';
