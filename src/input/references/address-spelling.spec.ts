import { addressMeant, looksLikeAddress } from './address-spelling.js';

const STORED = ['tech@example.com', 'carla.m@example.org', 'carla.p@example.org', 'ana@example.com'];

describe('addressMeant', () => {
  it.each([
    ['tech@exmaple.com', 'tech@example.com'],
    ['TECH@EXAMPLE.CON', 'tech@example.com'],
    ['tehc@example.com', 'tech@example.com'],
    ['carla.m@exampel.org', 'carla.m@example.org'],
  ])('suggests for %p the stored address %p, a slip or two away in one part', (input, meant) => {
    expect(addressMeant(input, STORED)).toBe(meant);
  });

  it.each([
    // Another domain is another address, whatever the part before the @.
    'tech@corp.com',
    'carla.m@corp.org',
    'tech@client.example.com',
    // Both parts wrong: no one address is meant.
    'tach@exemple.com',
    // One slip from two stored addresses: no clear winner.
    'carla.x@example.org',
    // More slips than the part's length allows.
    'bob@example.com',
    'tx@example.com',
  ])('suggests nothing for %p', (input) => {
    expect(addressMeant(input, STORED)).toBeUndefined();
  });
});

describe('looksLikeAddress', () => {
  it.each([
    ['tech@example.com', true],
    [' a@b ', true],
    ['tech', false],
    ['@example.com', false],
    ['tech@', false],
    ['a b@c.d', false],
    ['a@b@c', false],
  ])('%p: %p', (text, expected) => {
    expect(looksLikeAddress(text)).toBe(expected);
  });
});
