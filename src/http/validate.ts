// Moved to src/contract/ (see src/http/contract.ts for why this name stays for now).
export { nulFields } from "../contract/index.ts";
