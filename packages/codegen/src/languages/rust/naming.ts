// Spelling of Rust identifiers and literals the Rust pass writes itself.

/** `TokenUsage` → `token_usage`, `McpOAuthStatus` → `mcp_o_auth_status`, `session/goal/get` → `session_goal_get`. */
export function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .join("_")
    .toLowerCase();
}

/** A Rust string literal of `text`. */
export function stringLiteral(text: string): string {
  let body = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\" || char === '"') body += `\\${char}`;
    else if (char === "\n") body += "\\n";
    else if (char === "\r") body += "\\r";
    else if (char === "\t") body += "\\t";
    else if (code < 0x20 || code === 0x7f) body += `\\u{${code.toString(16)}}`;
    else body += char;
  }
  return `"${body}"`;
}

/** A Rust raw string literal of `text`, with enough `#` that the text cannot close it. */
export function rawStringLiteral(text: string): string {
  let hashes = "#";
  while (text.includes(`"${hashes}`)) hashes += "#";
  return `r${hashes}"${text}"${hashes}`;
}

/** Rust 2021's strict and reserved keywords. */
const KEYWORDS = new Set(
  "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv try typeof unsized virtual yield".split(" "),
);

/** Keywords a raw identifier cannot spell. */
const NOT_RAW = new Set(["crate", "self", "Self", "super"]);

/** A field name as Rust spells it: a keyword becomes a raw identifier (`r#type`), which serde reads as the plain name. */
export function fieldIdentifier(name: string): string {
  if (!KEYWORDS.has(name)) return name;
  return NOT_RAW.has(name) ? `${name}_` : `r#${name}`;
}
