// Integer aliases. JSON has one number type; these aliases carry the Rust
// width of each field so the schema generator can emit `integer` with the
// bounds the reference enforces when it decodes (negative values fail to
// decode into unsigned fields). The generator resolves them by name.

/**
 * Unsigned machine-size integer (Rust `usize`, 64 bits on the reference's
 * targets): a JSON integer from 0 to 18446744073709551615. The schema writes
 * the bound exactly; a reader that parses numbers as doubles holds it as
 * 2^64, the nearest double.
 * @TJS-type integer
 * @minimum 0
 * @maximum 18446744073709551615
 */
export type Uint = number;

/**
 * Unsigned 32-bit integer (Rust `u32`): a JSON integer from 0 to 4294967295.
 * @TJS-type integer
 * @minimum 0
 * @maximum 4294967295
 */
export type Uint32 = number;

/**
 * Unsigned 64-bit integer (Rust `u64`): a JSON integer from 0 to
 * 18446744073709551615. Values above `Number.MAX_SAFE_INTEGER` are valid on
 * the wire but lose precision in JavaScript; the schema writes the bound
 * exactly, which a reader that parses numbers as doubles holds as 2^64.
 * @TJS-type integer
 * @minimum 0
 * @maximum 18446744073709551615
 */
export type Uint64 = number;

/**
 * Signed 32-bit integer (Rust `i32`): a JSON integer from -2147483648 to 2147483647.
 * @TJS-type integer
 * @minimum -2147483648
 * @maximum 2147483647
 */
export type Int32 = number;

/**
 * Signed 64-bit integer (Rust `i64`): a JSON integer from
 * -9223372036854775808 to 9223372036854775807, written exactly in the schema
 * (a reader that parses numbers as doubles holds them as -2^63 and 2^63).
 * @TJS-type integer
 * @minimum -9223372036854775808
 * @maximum 9223372036854775807
 */
export type Int64 = number;
