/** Bytes that are no UTF-8 (a lone continuation and an overlong lead): what a client with a broken encoder sends. */
const NOT_UTF8 = Buffer.from([0xff, 0xc0, 0xae]);

/**
 * A JSON-RPC tools/call of domain_switch whose `reason` holds bytes that are no UTF-8, as one body
 * or one stdio line (without its newline).
 */
export function callHoldingNonUtf8(id: number): Buffer {
  const call = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'domain_switch', arguments: { domain: 'ticket', reason: 'XX' } } });
  const [before, after] = call.split('XX');
  return Buffer.concat([Buffer.from(before), NOT_UTF8, Buffer.from(after)]);
}
