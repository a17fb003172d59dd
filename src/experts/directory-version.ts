import type { Channel } from "../db/channel.ts";
import type { Sql } from "../db/connect.ts";

/**
 * The directory's version number: bumped by triggers on every statement that writes experts, their
 * categories, translations, subcategories, services or schedule (sql/005, sql/015).
 */
export async function directoryVersion(sql: Sql): Promise<string> {
  const [{ version }] = await sql<{ version: string }[]>`select version from directory_version`;
  return version;
}

/** The directory version as of now: what remembered answers and 304s are keyed by. */
export type DirectoryVersionSource = () => Promise<string>;

/** The channel name of the bumps (sql/017_channel.sql: bump_directory_version() notifies it). */
export const DIRECTORY_VERSION_CHANNEL = "directory_version";

const newer = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

/**
 * The directory version pushed to this process over the shared channel, so a remembered search,
 * a profile 304 or an availability 304 issues no statement at all. Read once after every
 * (re)listen; from then on every bump arrives as a notification. While the channel is deaf (or
 * has re-listened but the re-read has not finished) the version is read from the database per
 * call, as before: nothing remembered is served on a version this process might have missed.
 *
 * Why a write is seen within the bound (1 s) by every process: the bump's pg_notify runs
 * inside the writing transaction, and PostgreSQL signals every listening backend at the commit,
 * which forwards the payload to its client straight away; this process applies it as soon as its
 * event loop reads the socket (milliseconds, the same as any query answer). So a request that
 * starts later than that sees the new version. A request that starts in the gap between the
 * writer's commit and this process reading the notification may still be answered from the old
 * version: the gap is the notification's transit, far below the bound. On the embedded
 * database the notification travels with the writing statement's own answer, before its caller
 * resumes, so the gap is nil. The order argument of the remembered answers stays the same: the
 * version is taken before the answer is built, and versions only grow (the max of every heard
 * one is kept), so an answer is never remembered under a version later than what it read.
 */
export function pushedDirectoryVersion(sql: Sql, channel: Channel): DirectoryVersionSource {
  let known: { version: string; generation: number } | null = null;
  // Bumps heard while the re-read after a (re)listen is in flight, not to be lost under it.
  let heard: string | null = null;
  // Read through a call, since `known` may change while the re-read below is awaited.
  const knownNow = () => known;

  channel.on(
    DIRECTORY_VERSION_CHANNEL,
    (payload) => {
      if (!/^\d+$/.test(payload)) return;
      if (known) known.version = newer(known.version, payload);
      else heard = heard === null ? payload : newer(heard, payload);
    },
    async () => {
      // What was heard before this point committed before the read below, which will see it.
      known = null;
      heard = null;
      const generation = channel.generation;
      const read = await directoryVersion(sql);
      if (channel.generation !== generation) return; // deaf again meanwhile: the next listen re-reads
      let version = heard === null ? read : newer(read, heard);
      // A request may have set `known` meanwhile (its own read while listening), and bumps heard
      // since then went into it, not `heard`: keep the newest of all, never step back.
      const meanwhile = knownNow();
      if (meanwhile && meanwhile.generation === generation) version = newer(version, meanwhile.version);
      known = { version, generation };
      heard = null;
    },
  );

  return async function currentDirectoryVersion() {
    const generation = channel.generation;
    if (known && channel.listening && known.generation === generation) return known.version;
    const read = await directoryVersion(sql);
    // A read made while listening (the re-read after a listen failed, say) is as good as that
    // re-read: every bump it missed is heard (and kept in `heard`), every later one too.
    if (!known && channel.listening && channel.generation === generation)
      known = { version: heard === null ? read : newer(read, heard), generation };
    return read;
  };
}
