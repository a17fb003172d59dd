// Module types for the files Bun imports itself (text, data and embedded files).
declare module "*.yaml" {
  const document: unknown;
  export default document;
}
declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.data" {
  const path: string;
  export default path;
}
declare module "*.gz" {
  const path: string;
  export default path;
}
declare module "*.js" {
  const path: string;
  export default path;
}

declare module "*.tsv" {
  const text: string;
  export default text;
}
