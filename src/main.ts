#!/usr/bin/env bun
import { parseArgs } from "node:util";
import { newAccountFromCli } from "./accounts/add-user.ts";
import { passwordHashing } from "./accounts/passwords.ts";
import { createUser } from "./accounts/users.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { ImportRejected, type ImportProgress } from "./experts/import-file.ts";
import { importProgressPrinter, spoolStdin } from "./experts/import-cli.ts";
import { importFile } from "./experts/import-stream.ts";
import { seedDemo } from "./demo/seed.ts";
import { LOCALES } from "./locales.ts";
import { createLogger } from "./log.ts";
import { readVocabularyImport } from "./search/vocabulary-file.ts";
import { importOperatorVocabulary } from "./search/vocabulary-store.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { claimFreePort, PortInUseError } from "./http/port.ts";
import { stopOnSignals } from "./cluster/signals.ts";
import { WorkersFailedError } from "./cluster/supervisor.ts";
import { workerIndex } from "./cluster/worker-index.ts";
import { versionLine } from "./version.ts";

const USAGE = `Expert Directory: a directory of verified human experts for software agents (REST + MCP).

Usage: expert-directory [command] [options]

Commands:
  serve              start the HTTP server (the default)
  migrate            apply database migrations, then exit
  import FILE        upsert experts from a JSON array or NDJSON file ("-" reads stdin)
  seed --demo        load the deterministic demo directory
  users add EMAIL    create a dashboard account; the password is read from stdin
  vocabulary import LOCALE FILE
                     replace the operator's own search vocabulary of LOCALE (${LOCALES.join(", ")})
                     with FILE (kind<TAB>key<TAB>term | term…; "-" reads stdin)
  help               show this text

Options:
  --version          print the version and the git commit this was built from
  -h, --help         show this text

Configuration comes from the environment: PORT, HOST, DATABASE_URL, DATA_DIR, PUBLIC_BASE_URL,
LOG_LEVEL, SIGNUP (open|closed), SMTP_URL, MAIL_FROM, RATE_LIMIT_SEARCH|PROFILE|AVAILABILITY,
RATE_LIMITS (on|off), TRUST_PROXY, REDIS_URL, REDIS_PREFIX, SHUTDOWN_TIMEOUT, WORKERS (see README). Without DATABASE_URL an embedded PostgreSQL (PGlite) keeps its data in DATA_DIR.`;

function progressPrinter(label: string) {
  // A live line on a terminal; a pipe or log file gets only the final count.
  if (!process.stderr.isTTY) return undefined;
  return ({ done, total }: ImportProgress) => {
    process.stderr.write(`\r${label}: ${done}/${total} experts (${Math.floor((done / total) * 100)}%)`);
    if (done === total) process.stderr.write("\n");
  };
}

async function readInput(file: string): Promise<string> {
  if (file === "-") return await Bun.stdin.text();
  const f = Bun.file(file);
  if (!(await f.exists())) throw new UsageError(`No such file: ${file}`);
  return await f.text();
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { demo: { type: "boolean" }, help: { type: "boolean", short: "h" }, version: { type: "boolean" } },
  });
  const [command = "serve", ...rest] = positionals;
  if (values.help || command === "help") {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(versionLine());
    return 0;
  }
  const config = loadConfig();
  const log = createLogger(config.logLevel);

  switch (command) {
    case "serve": {
      // Loaded here, not at the top: the other commands need only the database (a lighter importer).
      const [{ startServer }, { runPrimary }, { runWorker }] = await Promise.all([
        import("./server.ts"),
        import("./cluster/primary.ts"),
        import("./cluster/worker.ts"),
      ]);
      const worker = workerIndex();
      if (worker !== null) await runWorker(config, log, worker);
      else if (config.workers > 1) stopOnSignals(await runPrimary(config, log), log);
      else {
        // Before the database, which may take seconds to open and seed: a taken port fails at once.
        claimFreePort(config.host, config.port);
        const server = await startServer(config, log);
        // Graceful: stop accepting, finish requests in flight (SHUTDOWN_TIMEOUT), run the shutdown
        // hooks, close the database, exit 0. A second signal while that runs exits at once.
        stopOnSignals(() => server.stop(), log);
      }
      return -1; // keep running
    }
    case "migrate": {
      const { db } = await prepareDatabase(config, log);
      await db.close();
      console.log("Database is up to date.");
      return 0;
    }
    case "import": {
      const [file] = rest;
      if (!file) throw new UsageError("import needs a FILE (a JSON array or NDJSON; - for stdin)");
      // Standard input is read twice (checked, then written): it is kept in a file meanwhile.
      const input = file === "-" ? await spoolStdin() : { path: file, remove: () => {} };
      try {
        if (!(await Bun.file(input.path).exists())) throw new UsageError(`No such file: ${file}`);
        const { db } = await prepareDatabase(config, log);
        try {
          const result = await importFile(db, input.path, { onProgress: importProgressPrinter() });
          console.log(
            `Imported ${result.total} experts: ${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged.`,
          );
        } finally {
          await db.close();
        }
      } finally {
        input.remove();
      }
      return 0;
    }
    case "users": {
      const [action, email] = rest;
      if (action !== "add" || !email)
        throw new UsageError("users needs: users add EMAIL (the password is read from stdin)");
      const account = newAccountFromCli(email, await Bun.stdin.text());
      if ("errors" in account) throw new UsageError(account.errors.join("\n"));
      const { db } = await prepareDatabase(config, log);
      try {
        const user = await createUser(db.sql, passwordHashing(config.passwordHash), account.credentials);
        if (!user) throw new UsageError(`An account for ${account.credentials.email} already exists.`);
        console.log(`Account ${user.email} added; it can log in at /dashboard/login.`);
      } finally {
        await db.close();
      }
      return 0;
    }
    case "vocabulary": {
      const [action, locale, file] = rest;
      if (action !== "import" || !locale || !file)
        throw new UsageError("vocabulary needs: vocabulary import LOCALE FILE");
      const read = readVocabularyImport(locale, await readInput(file));
      if ("errors" in read) throw new UsageError(read.errors.join("\n"));
      const { db } = await prepareDatabase(config, log);
      try {
        await importOperatorVocabulary(db.sql, read.locale, read.entries);
        console.log(
          `Loaded ${read.entries.length} ${read.locale} terms of your own; running servers use them at once (within 10 seconds where one cannot listen to the database).`,
        );
      } finally {
        await db.close();
      }
      return 0;
    }
    case "seed": {
      if (!values.demo) throw new UsageError("seed needs --demo (the only seed there is)");
      const { db } = await prepareDatabase(config, log);
      try {
        const result = await seedDemo(db.sql, progressPrinter("Seeding"));
        console.log(`Demo directory loaded: ${result.inserted} new, ${result.updated} updated.`);
      } finally {
        await db.close();
      }
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

try {
  const code = await main(Bun.argv.slice(2));
  if (code >= 0) process.exit(code);
} catch (error) {
  if (error instanceof ImportRejected) {
    for (const e of error.errors.slice(0, 200)) {
      const where = e.slug ? `${e.at} (slug ${e.slug})` : e.at;
      console.error(`${where}: ${e.field ? `${e.field} ` : ""}${e.message}`);
    }
    if (error.total > 200) console.error(`… and ${error.total - 200} more`);
    console.error(error.message);
  } else if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof UsageError ||
    error instanceof PortInUseError ||
    error instanceof WorkersFailedError
  ) {
    console.error(`Error: ${error.message}`);
    if (error instanceof UsageError) console.error(`Run "expert-directory help" for usage.`);
  } else if ((error as { code?: string })?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    console.error(`Error: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
