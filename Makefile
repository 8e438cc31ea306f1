# Convenience targets around cargo: the soname link cargo does not make, and an install target.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DOCDIR ?= $(PREFIX)/share/doc/utf8x
MANDIR ?= $(PREFIX)/share/man
# Where bash-completion, zsh and fish look for completions of installed commands.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The tool's commands, each with a man page of its own (utf8x-check(1)...): every command
# utf8x(1) names (cli/tests checks that the two lists agree).
CLI_COMMANDS := check convert detect fix completions
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
MAJOR := $(firstword $(subst ., ,$(VERSION)))
REL := $(or $(CARGO_TARGET_DIR),target)/release
# What Rust's standard library inside libutf8x.a needs from the system, as printed by
# `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs`.
NATIVE_STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
# A program linked with `pkg-config --libs utf8x` must start without LD_LIBRARY_PATH or a root
# `ldconfig`, wherever the prefix is, so utf8x.pc carries an rpath to LIBDIR. The loader already
# searches the system directories, where an rpath is only noise (and distributions reject it):
# none there. RPATH=no (or yes) overrides the guess.
SYSTEM_LIBDIRS := /lib /lib64 /usr/lib /usr/lib64 $(wildcard /usr/lib/*-linux-gnu /lib/*-linux-gnu)
RPATH ?= $(if $(filter $(LIBDIR),$(SYSTEM_LIBDIRS)),no,yes)
comma := ,
PC_RPATH := $(if $(filter yes,$(RPATH)),-Wl$(comma)-rpath$(comma)$${libdir})

.PHONY: build demo test install install-files uninstall fuzz duckdb js

# Fuzzing (nightly + cargo-fuzz, installed by the script when missing): seconds per target and
# which targets (`all`, or names from `cargo +nightly fuzz list` run in fuzz/).
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?= all

# The library (package utf8x-c, in capi/) and the utf8x tool; libutf8x.so.0 is the name the
# loader looks for. The header include/utf8x.h is committed (scripts/header.sh regenerates it),
# so the generator, utf8x-header, is not built here. The static library is rewritten to define
# only utf8x_* globally, as the shared one exports (scripts/localize-static.sh says why and how).
build:
	cargo build --release --workspace --exclude utf8x-bench --exclude utf8x-header
	ln -sf libutf8x.so $(REL)/libutf8x.so.$(MAJOR)
	./scripts/localize-static.sh $(REL)/libutf8x.a

# The main job on the shipped samples (broken.txt is meant to fail the check).
demo: build
	$(REL)/utf8x check -v samples/hello.txt samples/broken.txt || echo "(exit status $$?: samples/broken.txt is invalid on purpose)"
	$(REL)/utf8x detect samples/hello.txt samples/broken.txt samples/latin1.txt
	$(REL)/utf8x convert -f utf-8 -t utf-16le samples/hello.txt -o $(REL)/hello.utf16le
	$(REL)/utf8x convert -f utf-16le -t utf-8 $(REL)/hello.utf16le

test:
	./scripts/test-all.sh

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" ./scripts/ci-fuzz.sh

# The DuckDB extension (duckdb/, a workspace of its own): the cdylib with DuckDB's metadata
# footer appended, as target/duckdb/utf8x.duckdb_extension. The footer names the C API version
# the extension asks for (C_API_VERSION in duckdb/src/lib.rs) and this platform
# (DUCKDB_PLATFORM=linux_arm64... to override).
DUCKDB_OUT := $(or $(CARGO_TARGET_DIR),target)/duckdb
DUCKDB_CAPI := $(shell sed -n 's/^pub const C_API_VERSION: &str = "\(.*\)";/\1/p' duckdb/src/lib.rs)
DUCKDB_DYLIB := $(if $(filter Darwin,$(shell uname -s)),libutf8x_duckdb.dylib,libutf8x_duckdb.so)
duckdb:
	cargo build --release --manifest-path duckdb/Cargo.toml --target-dir $(DUCKDB_OUT)/cargo
	./scripts/duckdb-extension-footer.py $(DUCKDB_OUT)/cargo/release/$(DUCKDB_DYLIB) \
	    $(DUCKDB_OUT)/utf8x.duckdb_extension --capi-version $(DUCKDB_CAPI) \
	    --extension-version $(VERSION) $(if $(DUCKDB_PLATFORM),--platform $(DUCKDB_PLATFORM))

# utf8x's Spark SQL functions in the JVM (spark/): target/spark/utf8x-spark.jar, with the JNI
# library of this platform inside (scripts/spark-jar.sh: needs a JDK 17+ and pyspark's jars).
.PHONY: spark
spark:
	./scripts/spark-jar.sh

# The npm package's WebAssembly modules (js/wasm, a workspace of its own), copied into js/dist/:
# utf8x-simd128.wasm (SIMD128 on) and utf8x.wasm (portable). Debian's cargo and rustc (rustup's
# toolchains lack the wasm32 standard library's sources), the standard library built with the
# module (RUSTC_BOOTSTRAP: -Zbuild-std) and panics as a bare trap, which keeps the formatting
# code out of the module; wasm-ld links. `npm pack` in js/ then makes the tarball.
JS_CARGO ?= /usr/bin/cargo
JS_RUSTC ?= /usr/bin/rustc
JS_OUT := $(or $(CARGO_TARGET_DIR),target)/js
JS_WASM := wasm32-unknown-unknown/release/utf8x_wasm.wasm
JS_BUILD = RUSTC=$(JS_RUSTC) RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
	$(JS_CARGO) build --release --manifest-path js/wasm/Cargo.toml --target wasm32-unknown-unknown \
	-Zbuild-std=std,panic_abort
JS_FLAGS := -Zunstable-options -Cpanic=immediate-abort
# Then binaryen's wasm-opt (Debian: binaryen) shrinks each module further; it is required, not
# skipped. The features are rustc's defaults for wasm32 (the stripped module does not list them),
# and SIMD128 for the one built with it. Each module takes the level that leaves it smallest
# (measured: the SIMD128 one 145.7 KB with -Os, 152.1 KB with -Oz, whose inlining copies the
# decoder's steps; the portable one 61.6 KB with -Oz, 66.3 KB with -Os).
WASM_OPT ?= wasm-opt
JS_OPT_FLAGS := --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
	--enable-mutable-globals --enable-multivalue --enable-reference-types
js:
	@command -v $(WASM_OPT) >/dev/null || { \
	    echo "make js: $(WASM_OPT) not found: install binaryen (apt-get install binaryen)" >&2; \
	    exit 1; }
	RUSTFLAGS="$(JS_FLAGS) -Ctarget-feature=+simd128" $(JS_BUILD) --target-dir $(JS_OUT)/simd128
	RUSTFLAGS="$(JS_FLAGS)" $(JS_BUILD) --target-dir $(JS_OUT)/portable
	mkdir -p js/dist
	$(WASM_OPT) -Os $(JS_OPT_FLAGS) --enable-simd $(JS_OUT)/simd128/$(JS_WASM) \
	    -o js/dist/utf8x-simd128.wasm
	$(WASM_OPT) -Oz $(JS_OPT_FLAGS) $(JS_OUT)/portable/$(JS_WASM) -o js/dist/utf8x.wasm

# A smaller libutf8x.a, as target/small/libutf8x.a: the same library with Rust's standard
# library rebuilt (nightly with rust-src: -Zbuild-std) without its backtrace feature, whose
# symbolizer the default panic hook otherwise links into every program (backtrace-trace-only
# also keeps the demangler out). Panics are still caught at every export (the boundary turns
# them into UTF8X_INTERNAL) and their message and location still go to stderr, with no
# backtrace (RUST_BACKTRACE has no effect). The panic_boundary example, built the same way,
# proves the unwinding. The README ("Building and linking") has the sizes.
# SMALL_TOOLCHAIN=nightly-2026-05-19... to pin a nightly.
SMALL_TOOLCHAIN ?= nightly
SMALL_OUT := $(or $(CARGO_TARGET_DIR),target)/small
SMALL_HOST = $(shell rustc +$(SMALL_TOOLCHAIN) -vV | sed -n 's/^host: //p')
SMALL_CARGO = RUSTFLAGS= cargo +$(SMALL_TOOLCHAIN)
SMALL_FLAGS = --release --target $(SMALL_HOST) --target-dir $(SMALL_OUT) \
	-Zbuild-std=std,panic_unwind -Zbuild-std-features=panic-unwind,backtrace-trace-only
.PHONY: small
small:
	$(SMALL_CARGO) build $(SMALL_FLAGS) -p utf8x-c
	$(SMALL_CARGO) run -q $(SMALL_FLAGS) -p utf8x-ffi --example panic_boundary
	cp $(SMALL_OUT)/$(SMALL_HOST)/release/libutf8x.a $(SMALL_OUT)/libutf8x.a
	./scripts/localize-static.sh $(SMALL_OUT)/libutf8x.a

# Substitutes the install paths into the pkg-config and CMake templates.
SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' -e 's|@MAJOR@|$(MAJOR)|g' -e 's|@RPATH@|$(PC_RPATH)|g' \
	    -e 's|@NATIVE_STATIC_LIBS@|$(NATIVE_STATIC_LIBS)|g'

# libutf8x_iconv.so, the LD_PRELOAD library, has its own soname (libutf8x_iconv.so, unversioned:
# its interface is glibc's iconv(3), not an ABI of utf8x's; utf8x is linked into it), so it sits
# in $(LIBDIR) with nothing for `ldconfig` to mistake, and `LD_PRELOAD=libutf8x_iconv.so` finds
# it by name wherever the loader searches $(LIBDIR).
install: build
	$(MAKE) install-files

# Every directory install writes to. The ones that did not exist are listed in the doc
# directory, so that uninstall removes what install made and nothing else.
INSTALL_DIRS = $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/utf8x \
	$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) \
	$(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
MADE_DIRS = $(DESTDIR)$(DOCDIR)/installed-directories

# The files of a build already made in $(REL).
install-files:
	made=""; for d in $(INSTALL_DIRS); do \
	    while [ ! -d "$$d" ]; do made="$$made $$d"; d=$$(dirname "$$d"); done; \
	done; \
	install -d $(INSTALL_DIRS); \
	for d in $$made; do echo "$$d"; done | sort -u -r >> $(MADE_DIRS)
	install -m 644 include/utf8x.h include/utf8x.hpp $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(REL)/libutf8x.a $(DESTDIR)$(LIBDIR)/libutf8x.a
	install -m 755 $(REL)/libutf8x.so $(DESTDIR)$(LIBDIR)/libutf8x.so.$(VERSION)
	ln -sf libutf8x.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libutf8x.so.$(MAJOR)
	ln -sf libutf8x.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libutf8x.so
	install -m 755 $(REL)/libutf8x_iconv.so $(DESTDIR)$(LIBDIR)/libutf8x_iconv.so
	install -m 755 $(REL)/utf8x $(DESTDIR)$(BINDIR)/utf8x
	# The man page and the completions come from the tool's own argument parser.
	$(REL)/utf8x man > $(DESTDIR)$(MANDIR)/man1/utf8x.1
	for c in $(CLI_COMMANDS); do $(REL)/utf8x man $$c > $(DESTDIR)$(MANDIR)/man1/utf8x-$$c.1; done
	$(REL)/utf8x completions bash > $(DESTDIR)$(BASHCOMPDIR)/utf8x
	$(REL)/utf8x completions zsh > $(DESTDIR)$(ZSHCOMPDIR)/_utf8x
	$(REL)/utf8x completions fish > $(DESTDIR)$(FISHCOMPDIR)/utf8x.fish
	$(SUBST) utf8x.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x.pc
	$(SUBST) utf8x-static.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x-static.pc
	$(SUBST) cmake/utf8x-config.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/utf8x/utf8x-config.cmake
	$(SUBST) cmake/utf8x-config-version.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/utf8x/utf8x-config-version.cmake
	install -m 644 LICENSE-MIT LICENSE-APACHE README.md $(DESTDIR)$(DOCDIR)/

uninstall:
	made=$$(cat $(MADE_DIRS) 2>/dev/null); \
	rm -f $(DESTDIR)$(INCLUDEDIR)/utf8x.h $(DESTDIR)$(INCLUDEDIR)/utf8x.hpp \
	      $(DESTDIR)$(LIBDIR)/libutf8x.a $(DESTDIR)$(LIBDIR)/libutf8x.so* \
	      $(DESTDIR)$(LIBDIR)/libutf8x_iconv.so $(DESTDIR)$(BINDIR)/utf8x \
	      $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x.pc $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x-static.pc \
	      $(DESTDIR)$(MANDIR)/man1/utf8x.1 $(CLI_COMMANDS:%=$(DESTDIR)$(MANDIR)/man1/utf8x-%.1) \
	      $(DESTDIR)$(BASHCOMPDIR)/utf8x \
	      $(DESTDIR)$(ZSHCOMPDIR)/_utf8x $(DESTDIR)$(FISHCOMPDIR)/utf8x.fish; \
	rm -rf $(DESTDIR)$(LIBDIR)/cmake/utf8x $(DESTDIR)$(DOCDIR); \
	for d in $$made; do rmdir "$$d" 2>/dev/null || true; done
