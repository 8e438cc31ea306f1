// Types of the utf8x package (src/index.js).

/** The C API's encoding names (any case; `_` or a space for `-`), aliases included. */
export type Encoding =
  | "utf-8" | "utf8"
  | "utf-16le" | "utf-16be" | "utf-16"
  | "utf-32le" | "utf-32be" | "utf-32"
  | "latin-1" | "latin1" | "iso-8859-1"
  | "windows-1252" | "cp1252"
  | "cesu-8" | "mutf-8" | "wtf-8" | "rfc2279"
  | (string & {});

/** What ill-formed input does: stop (throw), U+FFFD, vanish, escape (PEP 383), Windows-1252. */
export type Errors = "strict" | "replace" | "ignore" | "surrogateescape" | "fallback";

/** The C API's error kind names. */
export type Kind =
  | "invalid_lead" | "unexpected_continuation" | "too_short" | "overlong" | "surrogate"
  | "too_large" | "incomplete" | "lone_surrogate" | "out_of_range" | "unmappable"
  | "four_byte_form" | "nul_byte" | "split_surrogate_pair";

/** Where input went wrong: offset and maximal-subpart length (0: the input ends inside a sequence). */
export interface ErrorInfo {
  offset: number;
  length: number;
  kind: Kind;
}

/** The TypeError of strict decoding, encoding and conversion. */
export interface Utf8xError extends TypeError, ErrorInfo {}

export interface Options {
  errors?: Errors;
}

export interface DecodeOptions extends Options {
  encoding?: Encoding;
}

/** Resolves once the WebAssembly module is loaded; every function throws before. */
export const ready: Promise<typeof utf8x>;
/** "wasm-simd128", or "scalar" where SIMD128 is absent; undefined until ready. */
export let kernel: "wasm-simd128" | "scalar" | undefined;
/** Whether `bytes` are valid UTF-8 (RFC 3629). */
export function isValid(bytes: Uint8Array): boolean;
/** null when valid UTF-8, else the first error. */
export function validate(bytes: Uint8Array): ErrorInfo | null;
/** `bytes` in `encoding` to a string; strict throws a Utf8xError. */
export function decode(bytes: Uint8Array, options?: DecodeOptions): string;
/** A string to bytes of `encoding`; lone surrogates are ill-formed. */
export function encode(string: string, encoding?: Encoding, options?: Options): Uint8Array;
/** What encodeInto did: UTF-16 units of the string read, bytes of `dest` written. */
export interface EncodeIntoResult {
  read: number;
  written: number;
}

/**
 * A string into `dest` in `encoding`, as TextEncoder.encodeInto: whole characters only, as many
 * as fit (never past `dest.length`); `read` in UTF-16 units. A lone surrogate reached before a
 * character that does not fit is a Utf8xError under strict.
 */
export function encodeInto(string: string, dest: Uint8Array, encoding?: Encoding, options?: Options): EncodeIntoResult;
/** Bytes of `from` to bytes of `to`. */
export function convert(bytes: Uint8Array, from: Encoding, to: Encoding, options?: Options): Uint8Array;

/** A streaming decoder: chunks of any size, the same text and errors as one `decode`. */
export class Decoder {
  constructor(encoding?: Encoding, options?: Options);
  readonly encoding: string;
  readonly errors: string;
  decode(chunk?: Uint8Array, options?: { stream?: boolean }): string;
  end(): string;
}

declare const utf8x: {
  readonly ready: Promise<typeof utf8x>;
  readonly kernel: "wasm-simd128" | "scalar" | undefined;
  isValid: typeof isValid;
  validate: typeof validate;
  decode: typeof decode;
  encode: typeof encode;
  encodeInto: typeof encodeInto;
  convert: typeof convert;
  Decoder: typeof Decoder;
};
export default utf8x;
