// Every file of sql/, in order. Imported as text so the executable carries them; a test checks
// that this list and the folder agree.
import m001 from "../../sql/001_experts.sql" with { type: "text" };
import m002 from "../../sql/002_accounts.sql" with { type: "text" };

export interface Migration {
  version: string;
  sql: string;
}

export const migrations: Migration[] = [
  { version: "001_experts", sql: m001 },
  { version: "002_accounts", sql: m002 },
];
