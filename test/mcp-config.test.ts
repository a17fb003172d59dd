import { describe, expect, it } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { mcpOriginAllowed } from "../src/mcp/origin.ts";

describe("MCP configuration", () => {
  it("defaults to a 30-minute idle timeout and no extra origins", () => {
    expect(loadConfig({}).mcp).toEqual({ sessionIdleSeconds: 1800, allowedOrigins: [] });
  });

  it("reads MCP_SESSION_IDLE_SECONDS and MCP_ALLOWED_ORIGINS", () => {
    const config = loadConfig({
      MCP_SESSION_IDLE_SECONDS: "90",
      MCP_ALLOWED_ORIGINS: "https://a.example, http://localhost:6274/",
    });
    expect(config.mcp).toEqual({
      sessionIdleSeconds: 90,
      allowedOrigins: ["https://a.example", "http://localhost:6274"],
    });
  });

  it("refuses bad values with a message naming the variable", () => {
    expect(() => loadConfig({ MCP_SESSION_IDLE_SECONDS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ MCP_SESSION_IDLE_SECONDS: "soon" })).toThrow("MCP_SESSION_IDLE_SECONDS");
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: "not a url" })).toThrow("MCP_ALLOWED_ORIGINS");
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: "https://a.example/path" })).toThrow("MCP_ALLOWED_ORIGINS");
  });
});

describe("mcpOriginAllowed", () => {
  const base = "https://experts.example.com";

  it("lets requests without Origin and from the public origin through", () => {
    expect(mcpOriginAllowed(null, base, [])).toBe(true);
    expect(mcpOriginAllowed("https://experts.example.com", base, [])).toBe(true);
  });

  it("refuses other origins, other schemes and ports, and null", () => {
    expect(mcpOriginAllowed("https://evil.example", base, [])).toBe(false);
    expect(mcpOriginAllowed("http://experts.example.com", base, [])).toBe(false);
    expect(mcpOriginAllowed("https://experts.example.com:8443", base, [])).toBe(false);
    expect(mcpOriginAllowed("null", base, [])).toBe(false);
  });

  it("accepts the origins the operator listed", () => {
    expect(mcpOriginAllowed("http://localhost:6274", base, ["http://localhost:6274"])).toBe(true);
  });

  it("treats the loopback spellings of a loopback server as one origin", () => {
    const local = "http://127.0.0.1:3000";
    expect(mcpOriginAllowed("http://localhost:3000", local, [])).toBe(true);
    expect(mcpOriginAllowed("http://[::1]:3000", local, [])).toBe(true);
    expect(mcpOriginAllowed("http://localhost:3001", local, [])).toBe(false);
    expect(mcpOriginAllowed("http://attacker.example:3000", local, [])).toBe(false);
  });
});
