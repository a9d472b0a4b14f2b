/** How an operator makes a token for MCP clients: said by every refusal that a missing or bad token causes. */
export const MCP_TOKEN_COMMAND = 'npm run --silent token -- create --user <login> --scopes mcp';

/** How an operator sets a user's password (for the OAuth sign-in pages): said wherever a caller tries to send one. */
export const SET_PASSWORD_COMMAND = 'npm run --silent user -- set-password <login>';
