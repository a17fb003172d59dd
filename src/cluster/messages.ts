/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  type: "ready";
  /** Where it listens, e.g. http://127.0.0.1:3000 (every worker: the same port). */
  url: string;
}

/**
 * A worker's exit code when its port was taken between the primary's check and its own bind (98
 * is EADDRINUSE on Linux): the primary stops with "port N is already in use" instead of retrying.
 */
export const EXIT_PORT_IN_USE = 98;
