import { RedisClient } from "bun";

export const TEST_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * A key prefix of this test run's own in the machine's shared Redis, so parallel runs never meet,
 * and `cleanup()` that deletes every key under it and tells how many are left (0).
 */
export function testRedisNamespace() {
  const prefix = `ed-test-${process.pid}-${crypto.randomUUID().slice(0, 8)}:`;
  const redis = new RedisClient(TEST_REDIS_URL);
  return {
    prefix,
    redis,
    async cleanup(): Promise<number> {
      const keys: string[] = await redis.send("KEYS", [`${prefix}*`]);
      if (keys.length) await redis.send("DEL", keys);
      const left = ((await redis.send("KEYS", [`${prefix}*`])) as string[]).length;
      redis.close();
      return left;
    },
  };
}
