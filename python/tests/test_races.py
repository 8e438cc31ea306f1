"""Buffers written while utf8x reads them: by C code in another thread, which runs without the
GIL (ctypes releases it for the call, as NumPy's loops and other processes writing a shared
mmap do). The text decoded may then be any mixture of the old and new bytes, or an exception;
what must never come back is a corrupt str: one whose storage does not hold what its kind
promises (an ASCII str with a byte >= 0x80, a 1-byte str of ASCII characters not marked
ASCII, a 2-byte str whose characters all fit one byte, a 4-byte str holding a value past
U+10FFFF...). CPython trusts those promises: iterating over such a str reads past its table
of one-character strings and crashes.

Each race runs in a child process, so that a crash fails the test instead of ending the run.
The oracle is CPython's own UTF-32 codec: it copies the code points out of any storage, and
decoding them again builds the str CPython would have built; a well-formed str is equal to it
and has its size.
"""

import os
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    r"""
    import ctypes, mmap, os, random, sys, threading, time
    import utf8x

    def canonical(s):
        # The code points as stored, whatever the kind claims, then the str CPython builds
        # (none when one is past U+10FFFF).
        try:
            t = s.encode("utf-32-le", "surrogatepass").decode("utf-32-le", "surrogatepass")
        except UnicodeDecodeError:
            return False
        return s == t and sys.getsizeof(s) == sys.getsizeof(t) and s.isascii() == t.isascii()

    def race(encoding, errors, a, b, head, kind, threads, seconds):
        n = len(a)
        assert len(b) == n
        # Each state is held for a random time of the order of a call (debug builds are 100
        # times slower than release ones), so that calls often measure one state whole and
        # see the other while writing.
        start = time.monotonic()
        utf8x.decode(a, encoding, errors)
        hold = 2 * (time.monotonic() - start)
        if kind == "bytearray":
            buf = bytearray(a)
            stop = [False]
            target = (ctypes.c_char * n).from_buffer(buf)
            sources = [ctypes.create_string_buffer(x, n) for x in (a, b)]

            def writer():
                # Whole-buffer copies, each run without the GIL: the reader sees the old
                # bytes, the new ones, or a mixture cut anywhere.
                i = 0
                while not stop[0]:
                    ctypes.memmove(target, sources[i & 1], head)
                    i += 1
                    time.sleep(random.random() * hold)

            t = threading.Thread(target=writer)
            t.start()

            def finish():
                stop[0] = True
                t.join()
        else:
            # A shared mapping, written by another process all the while.
            shared = mmap.mmap(-1, n)
            shared[:] = a
            control = mmap.mmap(-1, 1)
            pid = os.fork()
            if pid == 0:
                i = 0
                while control[0] == 0:
                    shared[:head] = (a, b)[i & 1][:head]
                    i += 1
                    time.sleep(random.random() * hold)
                os._exit(0)
            if kind == "numpy":
                import numpy
                buf = numpy.frombuffer(shared, dtype=numpy.uint8)
            else:
                buf = shared

            def finish():
                control[0] = 1
                os.waitpid(pid, 0)
        calls = 0
        kw = {"threads": threads} if threads != 1 else {}
        try:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                try:
                    s = utf8x.decode(buf, encoding, errors, **kw)
                except UnicodeDecodeError:
                    continue
                calls += 1
                if not canonical(s):
                    print(f"corrupt str: {encoding} {errors} {kind} threads={threads}, "
                          f"call {calls}, isascii={s.isascii()}, size={sys.getsizeof(s)}")
                    sys.exit(1)
                # What crashes on a corrupt str (not reached with one, after the check).
                s.encode("utf-8", "surrogatepass")
        finally:
            finish()
        return calls

    def texts(size):
        ascii = b"plain ASCII txt\n"
        u16 = lambda s: s.encode("utf-16-le")
        u32 = lambda s: s.encode("utf-32-le")
        # (encoding, the input's first characters, what the writer puts there instead, what
        # follows them): the characters that decide the storage come first, where a call
        # measures them first and writes them last.
        cases = [
            # An ASCII str chosen, bytes >= 0x80 written.
            ("utf-8", ascii, "é".encode() * 8, ascii),
            ("utf-8", ascii, bytes(c | 0x80 for c in ascii), ascii),
            # A 2-byte str chosen, characters below U+0100 written.
            ("utf-8", "ā".encode(), "é".encode(), "é".encode()),
            # A 4-byte str chosen, characters of the BMP written (as many, when counted after).
            ("utf-8", "😀".encode(), "€a".encode(), ascii),
            ("latin-1", ascii, "é".encode("latin-1") * 16, ascii),
            # A 1-byte str not marked ASCII chosen, ASCII written.
            ("latin-1", "é".encode("latin-1"), b"a", ascii),
            ("utf-16-le", u16("plai"), u16("éaaa"), u16("plai")),
            ("utf-16-le", u16("ā"), u16("a"), u16("a")),
            ("utf-16-be", "ā".encode("utf-16-be"), "a".encode("utf-16-be"), "a".encode("utf-16-be")),
            ("utf-32-le", u32("plai"), u32("éaaa"), u32("a")),
            ("utf-32-le", u32("ā"), u32("a"), u32("a")),
            # A 4-byte str chosen, a value past U+10FFFF written.
            ("utf-32-le", u32("😀"), (0x110000).to_bytes(4, "little"), u32("a")),
            ("utf-32-le", u32("😀"), u32("ā"), u32("a")),
        ]
        out = []
        for encoding, head, other, body in cases:
            assert len(head) == len(other)
            rest = body * ((size - len(head)) // len(body))
            out.append((encoding, head + rest, other + rest, len(head)))
        return out

    kind, threads, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    calls = 0
    for encoding, a, b, head in texts(int(sys.argv[4])):
        for errors in ("strict", "replace"):
            calls += race(encoding, errors, a, b, head, kind, threads, seconds)
    print(f"{calls} calls, every str well-formed")
    """
)


def run_child(kind, threads, seconds, size):
    r = subprocess.run(
        [sys.executable, "-c", CHILD, kind, str(threads), str(seconds), str(size)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, f"exit {r.returncode}\n{r.stdout}\n{r.stderr}"


# The shared mappings are written by a forked process.
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


@pytest.mark.parametrize("kind", ["bytearray", pytest.param("mmap", marks=needs_fork)])
def test_decode_of_a_buffer_written_meanwhile_gives_well_formed_strs(kind):
    run_child(kind, 1, 0.15, 1 << 20)


def test_decode_on_threads_of_a_buffer_written_meanwhile():
    run_child("bytearray", 2, 0.15, 3 << 20)


@needs_fork
def test_decode_of_a_numpy_array_written_meanwhile():
    pytest.importorskip("numpy")
    run_child("numpy", 1, 0.1, 1 << 20)
