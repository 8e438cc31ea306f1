"""Inputs of every buffer kind, read in place: typed buffers (array, memoryview casts, NumPy),
strided and unaligned ones, the memory a call takes, and `count`. The oracle is CPython's codec
applied to `bytes(buffer)`, the bytes the buffer holds in memory."""

import mmap
import random
import subprocess
import sys
import textwrap
import threading
from array import array

import pytest

import utf8x
from oracle import outcome

LITTLE = sys.byteorder == "little"
UTF16_NATIVE = "utf-16-le" if LITTLE else "utf-16-be"
UTF32_NATIVE = "utf-32-le" if LITTLE else "utf-32-be"
TEXTS = ["", "a", "h\u00e9llo", "\u4e2d\u6587 \u20ac", "\U0001F600 x \U0010FFFF", "\uffff\ue000" * 40]


def samples(encoding, unit):
    """Well-formed text and corrupted units (a lone surrogate, a value above U+10FFFF)."""
    rng = random.Random(len(encoding))
    out = [t.encode(encoding) for t in TEXTS]
    bad_units = [0xD800, 0xDC00, 0xDFFF] if unit == 2 else [0xD800, 0x110000, 0xFFFFFFFF]
    order = "little" if encoding.endswith("le") else "big"
    for _ in range(60):
        data = bytearray(rng.choice(TEXTS[1:]).encode(encoding))
        at = rng.randrange(len(data) // unit + 1) * unit
        data[at:at] = rng.choice(bad_units).to_bytes(unit, order)
        out.append(bytes(data))
    return out


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore"])
def test_utf16_from_arrays_of_unsigned_shorts(encoding, errors):
    for data in samples(encoding, 2):
        a = array("H")
        a.frombytes(data)
        for buf in (a, memoryview(a), memoryview(data).cast("H")):
            assert outcome(lambda: utf8x.decode(buf, encoding, errors)) == outcome(
                lambda: bytes(buf).decode(encoding, errors)
            ), (data, type(buf))


@pytest.mark.parametrize("encoding", ["utf-32-le", "utf-32-be"])
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore"])
def test_utf32_from_arrays_of_4_byte_items(encoding, errors):
    codes = [c for c in "iIlL" if array(c).itemsize == 4]
    for data in samples(encoding, 4):
        for code in codes:
            a = array(code)
            a.frombytes(data)
            for buf in (a, memoryview(data).cast(code)):
                assert outcome(lambda: utf8x.decode(buf, encoding, errors)) == outcome(
                    lambda: bytes(buf).decode(encoding, errors)
                ), (data, code)


def test_native_arrays_read_as_the_native_encoding():
    text = "h\u00e9 \u4e2d \U0001F600"
    assert utf8x.decode(array("H", text.encode(UTF16_NATIVE)), UTF16_NATIVE) == text
    a = array("H")
    a.frombytes(text.encode(UTF16_NATIVE))
    assert utf8x.decode(a, UTF16_NATIVE) == text
    assert utf8x.decode(array("I", map(ord, text)), UTF32_NATIVE) == text


def test_byte_formats_for_8_bit_encodings():
    data = "h\u00e9llo \U0001F600".encode() + b"\xff"
    for fmt in ("B", "b", "c"):
        view = memoryview(data).cast(fmt)
        assert utf8x.decode(view, errors="replace") == data.decode("utf-8", "replace")
        assert utf8x.is_valid(view) is False
        assert utf8x.validate(view).offset == len(data) - 1
        assert utf8x.decode(view, "latin-1") == data.decode("latin-1")
    assert utf8x.decode(array("b", data), "cp1252", "replace") == data.decode("cp1252", "replace")


def test_items_of_another_size_are_refused_with_the_format():
    h, i = array("H", [0x61, 0x62]), array("I", [0x61])
    for call in (
        lambda: utf8x.decode(h),
        lambda: utf8x.decode(h, "latin-1"),
        lambda: utf8x.decode(i, "utf-16-le"),
        lambda: utf8x.decode(h, "utf-32-le"),
        lambda: utf8x.is_valid(h),
        lambda: utf8x.validate(i),
        lambda: utf8x.count(h),
        lambda: utf8x.IncrementalDecoder("strict", "utf-16-le").decode(i),
    ):
        with pytest.raises(TypeError, match="format '[HI]'"):
            call()
    # Byte buffers stay accepted for every encoding; a cut unit is CPython's error.
    assert outcome(lambda: utf8x.decode(bytearray(b"a\x00b"), "utf-16-le")) == outcome(
        lambda: b"a\x00b".decode("utf-16-le")
    )


def test_unaligned_and_strided_buffers():
    text = "h\u00e9 \U0001F600 \u4e2d"
    for encoding, fmt in ((UTF16_NATIVE, "H"), (UTF32_NATIVE, "I")):
        data = text.encode(encoding)
        # Units at an odd address: read right (through an aligned copy).
        odd = memoryview(b"x" + data)[1:]
        assert utf8x.decode(odd, encoding) == text
        assert utf8x.decode(odd.cast(fmt), encoding) == text
        # Every other unit: gathered, same as bytes() of the view.
        strided = memoryview(data).cast(fmt)[::2]
        assert outcome(lambda: utf8x.decode(strided, encoding, "replace")) == outcome(
            lambda: bytes(strided).decode(encoding, "replace")
        )
    assert utf8x.decode(memoryview(b"a-b-c")[::2]) == "abc"
    assert utf8x.is_valid(memoryview(b"\xc3-\xa9")[::2])


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    text = "h\u00e9 \U0001F600 \u4e2d" * 7
    u16 = np.frombuffer(text.encode(UTF16_NATIVE), dtype=np.uint16)
    assert utf8x.decode(u16, UTF16_NATIVE) == text
    u32 = np.frombuffer(text.encode(UTF32_NATIVE), dtype=np.uint32).copy()
    assert utf8x.decode(u32, UTF32_NATIVE) == text
    assert utf8x.decode(u32[::-1], UTF32_NATIVE) == text[::-1]
    b = np.frombuffer(text.encode(), dtype=np.uint8)
    assert utf8x.is_valid(b) and utf8x.decode(b) == text
    # Two dimensions, in C and in Fortran order: the bytes in C order either way.
    grid = np.arange(12, dtype=np.uint8).reshape(3, 4) + ord("a")
    assert utf8x.decode(grid) == grid.tobytes().decode()
    assert utf8x.decode(np.asfortranarray(grid)) == grid.tobytes().decode()
    with pytest.raises(TypeError):
        utf8x.decode(np.zeros(4, dtype=np.float64))


def peak_growth(setup, call):
    """Peak resident memory a call adds, in bytes, measured in a fresh interpreter: the peak
    is reset after `setup` (Linux's clear_refs) and read back after `call`."""
    script = textwrap.dedent(
        """
        import utf8x
        {setup}
        def status(key):
            for line in open("/proc/self/status"):
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        before = status("VmRSS")
        result = {call}
        print(status("VmHWM") - before)
        """
    ).format(setup=setup, call=call)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return int(out.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self")
def test_writable_buffers_are_not_copied():
    n = 64 << 20
    mib = 1 << 20
    setup = f"buf = bytearray(b'\\xc3\\xa9') * {n // 2}"
    assert peak_growth(setup, "utf8x.is_valid(buf)") < 4 * mib
    assert peak_growth(setup, "utf8x.validate(memoryview(buf))") < 4 * mib
    assert peak_growth(setup, "utf8x.count(buf, errors='strict')") < 4 * mib
    # The str of n/2 Latin-1 characters is n/2 bytes: nothing else.
    assert peak_growth(setup, "utf8x.decode(buf)") < n // 2 + 4 * mib
    setup = f"import array; buf = array.array('H', b'\\xe9\\x00' * {n // 2})"
    assert peak_growth(setup, f"utf8x.decode(buf, '{UTF16_NATIVE}')") < n // 2 + 4 * mib


def test_the_gil_is_released_for_every_buffer_type():
    """A thread that spins while the main thread validates or decodes advances only if the call
    let go of the GIL (a call into C never gives it up otherwise). The export held for the call
    keeps a mutable buffer's memory in place meanwhile."""
    data = b"a" * (16 << 20)
    buffers = {
        "bytes": data,
        "view of bytes": memoryview(data),
        "bytearray": bytearray(data),
        "read-only view of a bytearray": memoryview(bytearray(data)).toreadonly(),
        "array": array("B", data),
    }
    mapped = mmap.mmap(-1, len(data))
    mapped[:] = data
    buffers["mmap"] = mapped
    calls = {
        "is_valid": lambda b: utf8x.is_valid(b),
        "validate": lambda b: utf8x.validate(b),
        "decode": lambda b: utf8x.decode(b),
        "decode on 2 threads": lambda b: utf8x.decode(b, errors="replace", threads=2),
    }
    spins = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            spins[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        for name, buf in buffers.items():
            for call, f in calls.items():
                # Given tries to be scheduled (a loaded machine may not wake it in time).
                for _ in range(20):
                    before = spins[0]
                    f(buf)
                    if spins[0] > before:
                        break
                else:
                    pytest.fail(f"the GIL was held while {call} read a {name}")
    finally:
        stop.set()
        t.join()
        mapped.close()


def test_count_is_unchecked_by_default_and_checked_on_request():
    rng = random.Random(7)
    corpus = [b"", b"\xff", b"\x80", b"\xe2\x82", b"caf\xc3\xa9", b"\xed\xa0\x80", b"a\xf0\x9f\x98"]
    for _ in range(200):
        text = "".join(rng.choice("a\u00e9\u20ac\U0001F600") for _ in range(rng.randrange(12)))
        data = bytearray(text.encode())
        for _ in range(rng.randrange(3)):
            data.insert(rng.randrange(len(data) + 1), rng.choice([0x80, 0xBF, 0xC0, 0xE2, 0xF0, 0xFF]))
        corpus.append(bytes(data))
    for data in corpus:
        # As utf8x_count in C: the bytes that are not continuation bytes, whatever the input.
        assert utf8x.count(data) == sum(1 for b in data if b & 0xC0 != 0x80)
        assert outcome(lambda: utf8x.count(data, errors="strict")) == outcome(lambda: len(data.decode()))
        for errors in ("replace", "ignore", "surrogateescape"):
            assert utf8x.count(bytearray(data), errors=errors) == len(data.decode("utf-8", errors)), (data, errors)
        assert utf8x.count(data, errors="fallback") == len(utf8x.decode(data, errors="fallback"))
    assert utf8x.count(b"\xff") == 1
    with pytest.raises(UnicodeDecodeError, match="invalid start byte"):
        utf8x.count(b"\xff", errors="strict")
    with pytest.raises(LookupError):
        utf8x.count(b"", errors="backslashreplace")
