// orval's configuration for test/generated-clients.test.ts, which fills in the two paths.
export default {
  directory: {
    input: { target: process.env.ORVAL_INPUT },
    output: {
      target: process.env.ORVAL_OUTPUT,
      client: "fetch",
      mode: "single",
      // Header parameters (Idempotency-Key, If-None-Match) become arguments; orval leaves them out by default.
      headers: true,
      // The served document's `servers` (this server's absolute URL) as the base of every call.
      baseUrl: { getBaseUrlFromSpecification: true },
      prettier: false,
    },
  },
};
