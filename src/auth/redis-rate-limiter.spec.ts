import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** A port nothing listens on: taken, then freed. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Redis rate limiter', () => {
  it('says once, in the log, that Redis cannot be reached, naming it without its password', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const limiter = new RedisRateLimiter(`redis://:hunter2@127.0.0.1:${await deadPort()}/3`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const lines = warn.mock.calls.map(([message]) => String(message));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Redis redis:\/\/127\.0\.0\.1:\d+\/3 cannot be reached \(.*ECONNREFUSED.*\): calls answer UNAVAILABLE until it is back$/);
      expect(lines.join()).not.toContain('hunter2');
    } finally {
      await limiter.close();
      warn.mockRestore();
    }
  });

  it('refuses a database number the server does not have instead of counting in database 0', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const limiter = new RedisRateLimiter('redis://127.0.0.1:6379/99');
    try {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await expect(limiter.consume('spec-wrong-db', 5, 1000)).rejects.toThrow('REDIS_URL names a database this Redis server does not have');
      await expect(limiter.ping()).rejects.toThrow('REDIS_URL');
      expect(error.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining('DB index is out of range')]);
    } finally {
      await limiter.close();
      error.mockRestore();
    }
  });
});
