import { describe, expect, it } from "bun:test";
import { parseCookies } from "../src/http/cookies.ts";
import { api, testApp } from "./support/app.ts";
import { signUp } from "./support/session.ts";

// The CSRF guard and the session lookup read cookies with one parser (src/http/cookies.ts); they
// once disagreed on `ed_session =TOKEN`, which made a session the guard did not see.
const crossSite = { origin: "https://evil.example" };

describe("one cookie parser for the session and the CSRF guard", () => {
  it("treats every spelling the session lookup accepts as a session the guard protects", async () => {
    const { cookie, user } = await signUp();
    const token = cookie.slice("ed_session=".length);
    const { sql } = await testApp();
    const keys = async () => (await sql`select count(*)::int as n from api_keys where user_id = ${user.id}`)[0].n;
    for (const header of [
      `ed_session =${token}`,
      ` ed_session= ${token} `,
      `other=1;ed_session\t=${token}`,
      `ed_session="${token}"`,
    ]) {
      // same-origin: a session
      expect((await api("GET", "/api/auth/me", { headers: { cookie: header } })).status).toBe(200);
      // cross-site: refused before anything changes
      const refused = await api("POST", "/api/agents/keys", {
        body: { name: "csrf" },
        headers: { cookie: header, ...crossSite },
      });
      expect(refused.status).toBe(403);
      expect(await keys()).toBe(0);
    }
  });

  it("does not take a cookie whose name merely ends in ed_session", async () => {
    const { cookie } = await signUp();
    const token = cookie.slice("ed_session=".length);
    expect((await api("GET", "/api/auth/me", { headers: { cookie: `xed_session=${token}` } })).status).toBe(401);
  });

  it("parses names and values trimmed, first occurrence wins, quotes and escapes undone", () => {
    const jar = parseCookies(' a = 1 ; b="two"; a=3; c=%41%; d=%41; novalue; =x');
    expect([...jar]).toEqual([
      ["a", "1"],
      ["b", "two"],
      ["c", "%41%"],
      ["d", "A"],
    ]);
    expect(parseCookies(null).size).toBe(0);
  });
});
