#!/bin/sh
# Runs the Spark tests (python/tests/test_spark.py: utf8x.spark and examples/spark/repair.py in
# Spark's local mode) alone; the test command runs them with the rest of the Python tests. Builds
# the Python package as scripts/test-all.sh does (maturin, dev profile, the wheel unpacked onto
# PYTHONPATH) and runs the tests in the test environment of pinned packages with pyspark
# (scripts/python-env.sh --spark: pyspark is a 450 MB download, fetched once into pip's cache).
# With a JDK (javac), also builds utf8x-spark.jar (scripts/spark-jar.sh) and runs the tests of
# the JVM path with it: once with the JNI code reading values in place, then the JVM path's
# tests again with it copying them (UTF8X_SPARK_JNI=region). Without a JDK those tests skip.
# Skips, saying why, where there is no Java runtime or pyspark cannot be installed.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

if ! command -v java > /dev/null && [ -z "${JAVA_HOME:-}" ]; then
  echo "spark-test.sh: skipped: Spark needs a Java 17+ runtime (apt-get install openjdk-17-jre-headless)"
  exit 0
fi
if ! python=$("$root/scripts/python-env.sh" --spark); then
  echo "spark-test.sh: skipped: pip could not install pyspark and the test packages"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jar=
if command -v javac > /dev/null; then
  jar=$(cd "$root" && ./scripts/spark-jar.sh "$python" | tail -n 1)
  jar=$(cd "$root" && readlink -f "$jar")
else
  echo "spark-test.sh: no JDK (javac): the JVM path's tests skip (apt-get install default-jdk-headless)"
fi
(
  cd "$root/python"
  CARGO_PROFILE_DEV_DEBUG=false \
    "$python" -m maturin build --quiet --profile dev --interpreter "$python" --out "$tmp/wheel"
)
"$python" -m zipfile -e "$tmp"/wheel/*.whl "$tmp/site"
# From the temporary directory, so that `import utf8x` finds the built package, never the
# sources in python/utf8x (which lack the compiled module).
cd "$tmp"
export UTF8X_SPARK_JAR="$jar"
PYTHONPATH="$tmp/site" "$python" -m pytest -q -p no:cacheprovider \
  "$root/python/tests/test_spark.py"
if [ -n "$jar" ]; then
  UTF8X_SPARK_JNI=region PYTHONPATH="$tmp/site" "$python" -m pytest -q -p no:cacheprovider \
    -k "jvm or sql_functions" "$root/python/tests/test_spark.py"
fi
