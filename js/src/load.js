// Finds, fetches and instantiates the WebAssembly module: the SIMD128 build where the engine
// runs SIMD128 (tested by validating a tiny SIMD module), else the portable build. The files
// lie next to this module (`dist/`), found through `import.meta.url`, which bundlers also follow.

// A module whose one function runs `i32.const 0; i8x16.splat; i8x16.popcnt`: valid only where
// the engine has SIMD128.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

/** Whether this engine runs SIMD128. */
export function hasSimd128() {
  return WebAssembly.validate(SIMD_PROBE);
}

/** The module's bytes: `node:fs` for files in Node and Bun, `fetch` elsewhere (Deno, browsers). */
async function fetchBytes(url) {
  if (url.protocol === "file:" && globalThis.process?.versions?.node !== undefined) {
    try {
      const { readFile } = await import("node:fs/promises");
      return await readFile(url);
    } catch (e) {
      if (e?.code !== "ERR_UNKNOWN_BUILTIN_MODULE") throw e;
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`utf8x: cannot load ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * The instance's exports. The portable build is taken where SIMD128 is absent, or when the
 * environment variable UTF8X_KERNEL is "scalar" (as for the C library: to compare the kernels).
 */
export async function instantiate() {
  const scalar = !hasSimd128() || kernelVariable() === "scalar";
  const url = scalar
    ? new URL("../dist/utf8x.wasm", import.meta.url)
    : new URL("../dist/utf8x-simd128.wasm", import.meta.url);
  const { instance } = await WebAssembly.instantiate(await fetchBytes(url), {});
  return instance.exports;
}

/** UTF8X_KERNEL where there is an environment that may be read (Deno asks for a permission). */
function kernelVariable() {
  try {
    return globalThis.process?.env?.UTF8X_KERNEL;
  } catch {
    return undefined;
  }
}
