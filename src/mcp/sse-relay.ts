import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { sha256Hex } from "../crypto.ts";
import type { Channel } from "../db/channel.ts";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { WebSseServerTransport } from "./sse-transport.ts";

/** The channel name of relayed legacy SSE messages. */
export const LEGACY_SSE_CHANNEL = "legacy_sse";

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; past this, the message goes through a row. */
const INLINE_PAYLOAD_BYTES = 7_900;

/** What travels over the channel: the session (as its hash), and the message or the row holding it. */
interface Relayed {
  s: string;
  m?: JSONRPCMessage;
  r?: string;
  a?: AuthInfo;
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * Legacy SSE (/api/sse) across processes and instances. The session is the open event stream,
 * held by one process; a POST /api/messages may land on any process of any instance. So every
 * stream is recorded in `legacy_sse_streams` (sql/017_channel.sql) with the pid of its holder's
 * listening connection, and a POST for a stream held elsewhere, once checked where it landed (the
 * caller, the session, the message), is relayed over the shared channel with the caller's
 * authInfo; the holder hands it to its transport as if posted there. Messages of 7,900 bytes or
 * more travel as a row of `legacy_sse_messages` whose id is notified, deleted as it is taken.
 *
 * NOTIFY delivers each message once to each listener, in commit order, so in the normal case
 * nothing is lost or doubled; deliveries are chained so a message read from a row keeps its
 * place. A holder that dies takes its listening connection with it: its streams' pid leaves
 * pg_stat_activity and their POSTs get 404 (the client opens a new stream). A holder whose
 * listener is reconnecting is deaf for that moment: what is relayed to it then is lost, as the
 * stream's own writes would be if its connection dropped.
 */
export function sseRelay(deps: { sql: Sql; channel: Channel; log: Logger }) {
  const { sql, channel, log } = deps;
  const held = new Map<string, { id: string; transport: WebSseServerTransport; onUse: () => void }>();
  let deliveries = Promise.resolve();

  channel.on(
    LEGACY_SSE_CHANNEL,
    (payload) => {
      let relayed: Relayed;
      try {
        relayed = JSON.parse(payload);
      } catch {
        return;
      }
      if (!held.has(relayed.s)) return; // another process's stream
      deliveries = deliveries
        .then(() => deliver(relayed))
        .catch((error) => log.warn("legacy SSE relay: delivery failed", { error: errorText(error) }));
    },
    async () => {
      // After every (re)listen: this process's streams now answer to the new listening pid, and
      // the rows of holders that died (their pid gone) or messages nobody took are cleared.
      // (Upserted: another process may have cleared a row recorded while this one was deaf.)
      if (held.size) {
        await sql`insert into legacy_sse_streams (id_hash, holder_pid) select unnest(${[...held.keys()]}::text[]), ${channel.listenerPid}
                  on conflict (id_hash) do update set holder_pid = excluded.holder_pid`;
      }
      if (channel.listenerPid !== null) {
        await sql`delete from legacy_sse_streams s where holder_pid is not null
                    and not exists (select 1 from pg_stat_activity a where a.pid = s.holder_pid)`;
      }
      await sql`delete from legacy_sse_messages where created_at < now() - interval '5 minutes'`;
    },
  );

  async function deliver(relayed: Relayed) {
    const session = held.get(relayed.s);
    if (!session) return;
    let message = relayed.m;
    if (relayed.r !== undefined) {
      const [row] = await sql<
        { body: string }[]
      >`delete from legacy_sse_messages where id = ${relayed.r} returning body`;
      if (!row) return;
      message = JSON.parse(row.body) as JSONRPCMessage;
    }
    if (!message) return;
    session.onUse();
    session.transport.deliver(message, { authInfo: relayed.a });
  }

  return {
    /** Records a stream this process holds; before its `endpoint` event, so no POST can race it. */
    async hold(id: string, transport: WebSseServerTransport, onUse: () => void): Promise<void> {
      const hash = sha256Hex(id);
      held.set(hash, { id, transport, onUse });
      // On a server while the channel is deaf the pid is unknown: 0, no live backend, so other
      // processes answer 404 until the re-listen records the new pid (nothing could reach it).
      const pid = channel.kind === "server" ? (channel.listenerPid ?? 0) : null;
      await sql`insert into legacy_sse_streams (id_hash, holder_pid) values (${hash}, ${pid})`;
    },

    /** Forgets a closed stream, here and in the tables (with any message it never took). */
    release(id: string): void {
      const hash = sha256Hex(id);
      held.delete(hash);
      sql`with gone as (delete from legacy_sse_messages where id_hash = ${hash})
          delete from legacy_sse_streams where id_hash = ${hash}`.catch((error: unknown) =>
        log.warn("legacy SSE relay: deleting a closed stream's row failed", { error: errorText(error) }),
      );
    },

    /** Whether a live process (this one or another) holds the stream of `id`. */
    async exists(id: string): Promise<boolean> {
      const [row] = await sql<{ alive: boolean }[]>`
        select s.holder_pid is null or exists (select 1 from pg_stat_activity a where a.pid = s.holder_pid) as alive
        from legacy_sse_streams s where id_hash = ${sha256Hex(id)}`;
      return row?.alive ?? false;
    },

    /** Sends a checked message to the process holding the stream of `id`. */
    async relay(id: string, message: JSONRPCMessage, authInfo: AuthInfo): Promise<void> {
      const s = sha256Hex(id);
      const payload = JSON.stringify({ s, m: message, a: authInfo } satisfies Relayed);
      if (Buffer.byteLength(payload) < INLINE_PAYLOAD_BYTES) {
        await sql`select pg_notify(${LEGACY_SSE_CHANNEL}, ${payload})`;
        return;
      }
      // One statement: the row and its notification commit together.
      await sql`
        with m as (insert into legacy_sse_messages (id_hash, body) values (${s}, ${JSON.stringify(message)}) returning id)
        select pg_notify(${LEGACY_SSE_CHANNEL}, json_build_object('s', ${s}::text, 'r', m.id::text, 'a', ${JSON.stringify(authInfo)}::json)::text) from m`;
    },
  };
}

export type SseRelay = ReturnType<typeof sseRelay>;

/**
 * The embedded database belongs to one process (its data directory is locked), so at start every
 * recorded stream is one a previous run held, gone with it: without this their ids would still
 * be taken for live sessions (a server database tells by the holder's pid instead).
 */
export async function forgetEarlierStreams(sql: Sql): Promise<void> {
  await sql`with gone as (delete from legacy_sse_messages) delete from legacy_sse_streams`;
}
