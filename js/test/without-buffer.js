// Preloaded by `node --import ./test/without-buffer.js --test ...`: hides Node's Buffer, so the
// package takes the paths it takes in browsers (TextDecoder, String.fromCharCode).
delete globalThis.Buffer;
