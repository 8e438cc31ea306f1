// A smoke test for runtimes other than Node (Deno, Bun; a browser page can import it too): the
// package loads with a plain import and its functions answer. Prints "ok <kernel>" or throws.
//
//   deno run --allow-read test/smoke.js      bun test/smoke.js      node test/smoke.js

import utf8x, { decode, ready } from "../src/index.js";

await ready;
const check = (ok, what) => {
  if (!ok) throw new Error(`smoke test failed: ${what}`);
};
const bytes = new TextEncoder().encode("h\u00e9llo \u{1F600}");
check(utf8x.isValid(bytes), "isValid");
check(JSON.stringify(utf8x.validate(Uint8Array.of(0x61, 0xe2, 0x82))) === '{"offset":1,"length":0,"kind":"incomplete"}', "validate");
check(decode(Uint8Array.of(0x61, 0xff), { errors: "replace" }) === "a\uFFFD", "decode");
check(utf8x.encode("\u{1F600}", "cesu-8").length === 6, "encode");
check(utf8x.decode(utf8x.convert(bytes, "utf-8", "utf-16be"), { encoding: "utf-16be" }) === "h\u00e9llo \u{1F600}", "convert");
const d = new utf8x.Decoder("utf-8");
check([...bytes].map((b) => d.decode(Uint8Array.of(b), { stream: true })).join("") + d.end() === "h\u00e9llo \u{1F600}", "Decoder");
let thrown = null;
try {
  decode(Uint8Array.of(0x61, 0xc0, 0xaf));
} catch (e) {
  thrown = e;
}
check(thrown instanceof TypeError && thrown.offset === 1 && thrown.length === 1 && thrown.kind === "overlong", "strict error");
console.log(`ok ${utf8x.kernel}`);
