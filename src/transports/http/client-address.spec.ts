import type { Socket } from 'node:net';
import { AppConfig } from '../../config/app-config.js';
import { ConfigError, loadConfig } from '../../config/env.schema.js';
import { normalizeAddress, parseTrustedProxies, trustedProxies } from '../../config/trusted-proxies.js';
import { ClientAddresses, clientAddressOf } from './client-address.js';

describe('normalizeAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:DB8::1]', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
  ])('reads %j as %j', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each([undefined, '', 'unknown', 'example.com', '999.1.1.1', '1.2.3', '<script>', '1.2.3.4, 5.6.7.8'])('refuses %j', (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe('clientAddressOf', () => {
  const trusted = trustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
  const none = trustedProxies([]);

  it.each<[string, string, string | string[] | undefined, string]>([
    ['an untrusted peer: the peer, whatever it forwards', '192.0.2.9', '198.51.100.1', '192.0.2.9'],
    ['a trusted peer without the header: the peer', '127.0.0.1', undefined, '127.0.0.1'],
    ['a trusted peer: the hop it names', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['hops the client wrote (left) are not believed', '127.0.0.1', '1.1.1.1, 2.2.2.2, 198.51.100.1', '198.51.100.1'],
    ['trusted hops are skipped from the right', '127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.5, 10.9.9.9', '198.51.100.1'],
    ['several headers read as one list', '127.0.0.1', ['1.1.1.1', '198.51.100.1, 10.0.0.5'], '198.51.100.1'],
    ['ports and IPv4-mapped peers', '::ffff:127.0.0.1', '198.51.100.1:5555', '198.51.100.1'],
    ['IPv6 proxies and clients', 'fd00::1', '2001:db8::7, fd00::2', '2001:db8::7'],
    ['every hop trusted: the left-most', '127.0.0.1', '10.0.0.1, 10.0.0.2', '10.0.0.1'],
    ['garbage where the client should be: the proxy that passed it on', '127.0.0.1', 'evil, 10.0.0.2', '10.0.0.2'],
    ['garbage right next to the peer: the peer', '127.0.0.1', 'not-an-ip', '127.0.0.1'],
  ])('%s', (_case, peer, forwarded, expected) => {
    expect(clientAddressOf(normalizeAddress(peer)!, forwarded, trusted)).toBe(expected);
  });

  it('never believes the header when no proxy is trusted', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
  });
});

describe('ClientAddresses.peerOf', () => {
  const addresses = new ClientAddresses(Object.assign(new AppConfig(), { trustedProxies: [] }));

  it('reads a connection once, normalized, for every request it carries', () => {
    const socket = { remoteAddress: '::ffff:192.0.2.9' };
    expect(addresses.peerOf(socket as Socket)).toBe('192.0.2.9');
    socket.remoteAddress = '198.51.100.1';
    expect(addresses.peerOf(socket as Socket)).toBe('192.0.2.9');
  });

  it('gives a closed connection (no address) the shared unknown key, and keeps nothing for it', () => {
    const socket: { remoteAddress?: string } = {};
    expect(addresses.peerOf(socket as Socket)).toBe('unknown');
    socket.remoteAddress = '192.0.2.10';
    expect(addresses.peerOf(socket as Socket)).toBe('192.0.2.10');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes IPs and CIDRs of both families', () => {
    const problems: string[] = [];
    expect(parseTrustedProxies(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1 ', problems)).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    expect(problems).toEqual([]);
    expect(parseTrustedProxies(undefined, problems)).toEqual([]);
  });

  it('names every bad entry at boot', () => {
    let thrown: unknown;
    try {
      loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33, proxy.local, 127.0.0.1, 1.2.3.4/8/8' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems).toHaveLength(3);
    for (const bad of ['"10.0.0.0/33"', '"proxy.local"', '"1.2.3.4/8/8"']) expect(problems.join()).toContain(bad);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
