#!/usr/bin/env python3
"""Makes a DuckDB loadable extension of a shared library: copies it and appends the 512-byte
metadata footer DuckDB reads before it loads a file with LOAD.

The footer is eight 32-byte NUL-padded fields and a 256-byte signature (zeros: the extension is
unsigned, so DuckDB loads it only with allow_unsigned_extensions). DuckDB reads the fields last
to first: magic "4", platform, C API version, extension version, ABI type, three unused. Before
the footer comes the header of a WebAssembly custom section named duckdb_signature, which
DuckDB's own builds write on every platform (harmless in an ELF or Mach-O file).

    duckdb-extension-footer.py LIBRARY OUTPUT --capi-version v1.2.0 --extension-version 0.1.0
"""

import argparse
import platform
import shutil
import sys

FIELD = 32
SIGNATURE = 256


def field(text: str) -> bytes:
    data = text.encode("ascii")
    if len(data) > FIELD:
        sys.exit(f"footer field too long: {text!r}")
    return data.ljust(FIELD, b"\0")


def host_platform() -> str:
    """DuckDB's name of this platform (what `PRAGMA platform` prints)."""
    machine = platform.machine().lower()
    arch = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}.get(machine)
    system = {"linux": "linux", "darwin": "osx", "win32": "windows"}.get(sys.platform)
    if arch is None or system is None:
        sys.exit(f"unknown platform {sys.platform}/{machine}: pass --platform")
    return f"{system}_{arch}"


def footer(platform_name: str, capi_version: str, extension_version: str) -> bytes:
    # Custom section 0, 531 bytes long (LEB128 93 04): a 16-byte name, then 512 bytes (80 04).
    header = b"\x00\x93\x04\x10duckdb_signature\x80\x04"
    fields = [
        "",
        "",
        "",
        "C_STRUCT",
        extension_version,
        capi_version,
        platform_name,
        "4",
    ]
    return header + b"".join(map(field, fields)) + b"\0" * SIGNATURE


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("library")
    p.add_argument("output")
    p.add_argument("--capi-version", required=True, help="the C API version, e.g. v1.2.0")
    p.add_argument("--extension-version", required=True)
    p.add_argument("--platform", default=None, help="e.g. linux_amd64 (default: this machine)")
    args = p.parse_args()
    shutil.copyfile(args.library, args.output)
    with open(args.output, "ab") as out:
        out.write(footer(args.platform or host_platform(), args.capi_version, args.extension_version))


if __name__ == "__main__":
    main()
