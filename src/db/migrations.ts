// Every file of sql/, in order. Imported as text so the executable carries them; a test checks
// that this list and the folder agree.
import m001 from "../../sql/001_experts.sql" with { type: "text" };
import m002 from "../../sql/002_accounts.sql" with { type: "text" };
import m003 from "../../sql/003_inquiries.sql" with { type: "text" };
import m005 from "../../sql/005_directory_version.sql" with { type: "text" };
import m006 from "../../sql/006_mcp_sessions.sql" with { type: "text" };

export interface Migration {
  version: string;
  sql: string;
}

export const migrations: Migration[] = [
  { version: "001_experts", sql: m001 },
  { version: "002_accounts", sql: m002 },
  { version: "003_inquiries", sql: m003 },
  { version: "005_directory_version", sql: m005 },
  { version: "006_mcp_sessions", sql: m006 },
];
