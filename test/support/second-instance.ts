// A second instance of the app in this test process, on the same database as `app`: what a load
// balancer's other backend would be. On PGlite both hear the one backend's notifications, so what
// rides on the shared channel (the directory version, the legacy SSE relay) is exercised there too.
import { postgresAttempts } from "../../src/accounts/attempts-postgres.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { openChannel } from "../../src/db/channel.ts";
import { pushedDirectoryVersion } from "../../src/experts/directory-version.ts";
import { createMailer } from "../../src/inquiries/mailer.ts";
import { createLogger } from "../../src/log.ts";
import { createOps } from "../../src/ops/ops.ts";
import type { TestApp } from "./app.ts";

export interface SecondInstance {
  url: string;
  stop(): Promise<void>;
}

export async function secondInstance(
  app: TestApp,
  options: { applicationName?: string } = {},
): Promise<SecondInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: "silent", RATE_LIMITS: "off" }), port: 0 };
  const log = createLogger("silent");
  const ops = createOps(config, log);
  const db = { ...app.server.db, close: async () => {} };
  const channel = openChannel(db.notifications, { log, applicationName: options.applicationName });
  const directoryVersion = pushedDirectoryVersion(db.sql, channel);
  const loginAttempts = postgresAttempts(db.sql, log);
  const instance = createApp({
    config,
    db,
    log,
    baseUrl: () => app.url,
    ops,
    mailer: createMailer(config.mail),
    loginAttempts,
    channel,
    directoryVersion,
  });
  await channel.start();
  instance.listen({ port: 0, hostname: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${instance.server!.port}`,
    async stop() {
      await ops.shutdown.run("drain", 1000);
      await instance.stop(true);
      ops.limiter.close();
      await channel.close();
    },
  };
}
