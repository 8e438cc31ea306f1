# Convenience targets around cargo: the soname link cargo does not make, and an install target.
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
REL := $(or $(CARGO_TARGET_DIR),target)/release

.PHONY: build demo test install uninstall fuzz

# Fuzzing (nightly + cargo-fuzz, installed by the script when missing): seconds per target and
# which targets (`all`, or names from `cargo +nightly fuzz list` run in fuzz/).
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?= all

# The library, the header and the utf8x tool; libutf8x.so.0 is the name the loader looks for.
build:
	cargo build --release --workspace
	ln -sf libutf8x.so $(REL)/libutf8x.so.0

# The main job on the shipped samples (broken.txt is meant to fail the check).
demo: build
	$(REL)/utf8x check samples/hello.txt samples/broken.txt || echo "(exit status $$?: samples/broken.txt is invalid on purpose)"
	$(REL)/utf8x convert -f utf-8 -t utf-16le samples/hello.txt -o $(REL)/hello.utf16le
	$(REL)/utf8x convert -f utf-16le -t utf-8 $(REL)/hello.utf16le

test:
	./scripts/test-all.sh

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" ./scripts/ci-fuzz.sh

install: build
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)
	install -m 644 include/utf8x.h $(DESTDIR)$(INCLUDEDIR)/utf8x.h
	install -m 644 $(REL)/libutf8x.a $(DESTDIR)$(LIBDIR)/libutf8x.a
	install -m 755 $(REL)/libutf8x.so $(DESTDIR)$(LIBDIR)/libutf8x.so.$(VERSION)
	ln -sf libutf8x.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libutf8x.so.0
	ln -sf libutf8x.so.0 $(DESTDIR)$(LIBDIR)/libutf8x.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' utf8x.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x.pc

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/utf8x.h $(DESTDIR)$(LIBDIR)/libutf8x.a \
	      $(DESTDIR)$(LIBDIR)/libutf8x.so* $(DESTDIR)$(LIBDIR)/pkgconfig/utf8x.pc
