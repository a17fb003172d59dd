import { expect, it } from "bun:test";
import { RedisClient } from "bun";

export const TEST_REDIS_URL = "redis://127.0.0.1:6379";

/** Whether Redis answers PING at TEST_REDIS_URL; asked once per test file, within a second. */
async function redisAnswers(): Promise<boolean> {
  const client = new RedisClient(TEST_REDIS_URL, {
    connectionTimeout: 1000,
    autoReconnect: false,
    maxRetries: 0,
    enableOfflineQueue: false,
  });
  try {
    await client.connect();
    return (await client.send("PING", [])) === "PONG";
  } catch {
    return false;
  } finally {
    client.close();
  }
}

export const hasRedis = await redisAnswers();
/** In CI an unreachable Redis fails the Redis suites; only a local run without it may skip them. */
export const skipRedisSuite = !hasRedis && !process.env.CI;

const WHY = `no Redis answers at ${TEST_REDIS_URL} (install and start one: apt-get install redis-server && redis-server --daemonize yes)`;

/**
 * Registers a failing test when CI cannot reach Redis, so the Redis suites cannot silently vanish,
 * and says why on stderr when a local run skips them.
 */
export function requireRedisInCi(file: string) {
  if (hasRedis) return;
  if (process.env.CI) {
    it(`reaches Redis: ${WHY}`, async () => {
      expect(await redisAnswers()).toBe(true);
    });
  } else {
    console.warn(`skipping the Redis tests in ${file}: ${WHY}; in CI (CI set) they fail instead`);
  }
}

/**
 * A key prefix of this test run's own in the machine's shared Redis, so parallel runs never meet,
 * and `cleanup()` that deletes every key under it and tells how many are left (0). Without Redis
 * nothing was written, so there is nothing to clean.
 */
export function testRedisNamespace() {
  const prefix = `ed-test-${process.pid}-${crypto.randomUUID().slice(0, 8)}:`;
  const redis = new RedisClient(TEST_REDIS_URL);
  return {
    prefix,
    redis,
    async cleanup(): Promise<number> {
      if (!hasRedis) {
        redis.close();
        return 0;
      }
      const keys: string[] = await redis.send("KEYS", [`${prefix}*`]);
      if (keys.length) await redis.send("DEL", keys);
      const left = ((await redis.send("KEYS", [`${prefix}*`])) as string[]).length;
      redis.close();
      return left;
    },
  };
}
