#!/bin/sh
# Builds target/spark/utf8x-spark.jar: utf8x's Spark SQL functions in the JVM (spark/src, Java
# 17) with their JNI library for this platform (spark/native/utf8x_jni.c linked statically
# against libutf8x.a, so the one .so needs nothing but libc) as a resource inside the jar.
#   scripts/spark-jar.sh [PYTHON]
# PYTHON: a Python with pyspark, whose jars are the compile classpath (default: the test
# environment of scripts/python-env.sh --spark). Needs a JDK 17+ (javac, jar) and a C compiler.
# The jar holds the library of the platform it was built on (linux-x86_64 here); a jar for
# several platforms: build on each and merge their org/utf8x/spark/native/<platform>/ folders.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-target}
out=$target/spark
python=${1:-$("$root/scripts/python-env.sh" --spark)}

for tool in javac jar cc; do
  command -v "$tool" > /dev/null || {
    echo "spark-jar.sh: needs $tool (a JDK 17+: apt-get install default-jdk-headless; cc)" >&2
    exit 1
  }
done
# The JDK's headers (jni.h, and jni_md.h in the platform's folder).
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
[ -f "$java_home/include/jni.h" ] || {
  echo "spark-jar.sh: no jni.h under $java_home/include (set JAVA_HOME to a JDK)" >&2
  exit 1
}
jars=$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')/jars

# The static C library, its non-utf8x symbols made local (as `make build` does).
cargo build --quiet --release -p utf8x-c
./scripts/localize-static.sh "$target/release/libutf8x.a"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x86_64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
  *)
    echo "spark-jar.sh: $(uname -s)-$(uname -m): only Linux is built here (docs/spark.md)" >&2
    exit 1
    ;;
esac
rm -rf "$out/classes"
mkdir -p "$out/classes/org/utf8x/spark/native/$platform"
# Only the JNI functions are exported (the C library's own symbols stay inside); -z defs: every
# symbol resolved at link time; what Rust's standard library in libutf8x.a needs from libc
# (the Makefile's NATIVE_STATIC_LIBS); -s: no symbol table (6 MB with it, in every jar).
cat > "$out/exports.map" << 'MAP'
{ global: Java_org_utf8x_spark_*; local: *; };
MAP
cc -O2 -fPIC -shared -std=c11 -Wall -Wextra -Werror \
  -I include -I "$java_home/include" -I "$java_home/include/linux" \
  spark/native/utf8x_jni.c "$target/release/libutf8x.a" \
  -Wl,--version-script="$out/exports.map" -Wl,-z,defs -Wl,--gc-sections \
  -lpthread -lm -ldl -lrt -lgcc_s -lc -s \
  -o "$out/classes/org/utf8x/spark/native/$platform/libutf8x_jni.so"
# The UDF interfaces are in spark-sql-api; -path: its manifest names jars pyspark leaves out.
javac --release 17 -Xlint:all,-path -Werror -cp "$jars/*" -d "$out/classes" \
  spark/src/org/utf8x/spark/*.java
jar --create --file "$out/utf8x-spark.jar" -C "$out/classes" .
echo "$out/utf8x-spark.jar"
