'use strict';
// Validates a buffer with a broken character, then converts it to UTF-16LE with replacement and
// an emoji to CESU-8, printing what the library reports.
const utf8x = require('./utf8x');

const text = Buffer.from('caf\xc3\xa9 \xe2\x82 ok', 'latin1'); // a truncated euro sign at byte 6
let r = utf8x.validate(text);
if (r.status !== utf8x.status.OK) {
  console.log(`${utf8x.statusStr(r.status)} at byte ${r.read} (${r.errorLen} bytes): ${utf8x.errorStr(r.error)}`);
}

const { text: decoded, result } = utf8x.decode(text, utf8x.policy.REPLACE);
console.log(`${result.written} UTF-16 units, ${result.replaced} replaced: ${JSON.stringify(decoded)}`);

const emoji = Buffer.from('\u{1F600}');
const need = utf8x.convert(emoji, utf8x.enc.UTF8, null, utf8x.enc.CESU8);
const cesu = Buffer.alloc(need.written);
r = utf8x.convert(emoji, utf8x.enc.UTF8, cesu, utf8x.enc.CESU8);
console.log(`U+1F600 in CESU-8: ${cesu.toString('hex').toUpperCase().match(/../g).join(' ')}`);
