/**
 * A value of the api's schemaless JSON records (typed `unknown`) as text, exactly as `String()`
 * renders it. Record fields hold scalars; this is the one named conversion for them, instead of
 * `String(value)` on values TypeScript only knows to be non-nullish (`{}`), which the linter
 * (no-base-to-string) rightly questions everywhere else.
 */
export function toText(value: unknown): string {
  return String(value);
}
