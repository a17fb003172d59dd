// Every file of sql/, in order. Imported as text so the executable carries them; a test checks
// that this list and the folder agree.
import m001 from "../../sql/001_experts.sql" with { type: "text" };
import m002 from "../../sql/002_accounts.sql" with { type: "text" };
import m003 from "../../sql/003_inquiries.sql" with { type: "text" };
import m005 from "../../sql/005_directory_version.sql" with { type: "text" };
import m006 from "../../sql/006_mcp_sessions.sql" with { type: "text" };
import m010 from "../../sql/010_search.sql" with { type: "text" };
import m011 from "../../sql/011_account_limits.sql" with { type: "text" };
import m012 from "../../sql/012_directory_filled.sql" with { type: "text" };
import m013 from "../../sql/013_search_bio.sql" with { type: "text" };
import m014 from "../../sql/014_import_digest.sql" with { type: "text" };
import m015 from "../../sql/015_directory_version_reads.sql" with { type: "text" };
import m016 from "../../sql/016_import_deferred.sql" with { type: "text" };
import m017 from "../../sql/017_channel.sql" with { type: "text" };
import m018 from "../../sql/018_login_attempts.sql" with { type: "text" };
import m019 from "../../sql/019_inquiry_states.sql" with { type: "text" };
import m020 from "../../sql/020_inquiry_actions.sql" with { type: "text" };
import m021 from "../../sql/021_webhooks.sql" with { type: "text" };
import m022 from "../../sql/022_locales.sql" with { type: "text" };
import m023 from "../../sql/023_search_rating_band.sql" with { type: "text" };
import m024 from "../../sql/024_listed_search_docs.sql" with { type: "text" };
import m025 from "../../sql/025_listed_search_docs_inline_filters.sql" with { type: "text" };
import m026 from "../../sql/026_search_sound.sql" with { type: "text" };
import m027 from "../../sql/027_search_regions.sql" with { type: "text" };

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
  { version: "010_search", sql: m010 },
  { version: "011_account_limits", sql: m011 },
  { version: "012_directory_filled", sql: m012 },
  { version: "013_search_bio", sql: m013 },
  { version: "014_import_digest", sql: m014 },
  { version: "015_directory_version_reads", sql: m015 },
  { version: "016_import_deferred", sql: m016 },
  { version: "017_channel", sql: m017 },
  { version: "018_login_attempts", sql: m018 },
  { version: "019_inquiry_states", sql: m019 },
  { version: "020_inquiry_actions", sql: m020 },
  { version: "021_webhooks", sql: m021 },
  { version: "022_locales", sql: m022 },
  { version: "023_search_rating_band", sql: m023 },
  { version: "024_listed_search_docs", sql: m024 },
  { version: "025_listed_search_docs_inline_filters", sql: m025 },
  { version: "026_search_sound", sql: m026 },
  { version: "027_search_regions", sql: m027 },
];
