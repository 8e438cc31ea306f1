package org.utf8x.spark;

/**
 * The native functions (spark/native/utf8x_jni.c). The library is loaded when this class is
 * first used, once per JVM (class initialization runs once, under the JVM's lock).
 *
 * <p>How the native code reads a value's bytes is chosen once per JVM by the system property
 * {@code org.utf8x.spark.jni}: {@code critical} (the default: the array itself, through {@code
 * GetPrimitiveArrayCritical}) or {@code region} (a copy, through {@code GetByteArrayRegion}).
 * Both give the same results; the choice is there to measure them (docs/spark.md).
 */
final class Native {
  /** Whether the native code reads arrays in place (else: copies them). */
  static final boolean CRITICAL = !"region".equals(System.getProperty("org.utf8x.spark.jni"));

  // The policies of include/utf8x.h (UTF8X_REPLACE, UTF8X_SKIP, UTF8X_FALLBACK).
  static final int REPLACE = 1;
  static final int SKIP = 2;
  static final int FALLBACK = 4;

  static {
    NativeLibrary.load();
  }

  private Native() {}

  /** 1 when the value is UTF-8, 0 when not, -1 with an exception thrown. */
  static native int isValid(byte[] value, boolean critical);

  /** The offset of the value's first ill-formed sequence; -1 when it is valid. */
  static native long errorOffset(byte[] value, boolean critical);

  /** The value repaired under {@code policy}; null when it is valid (nothing to repair). */
  static native byte[] makeValid(byte[] value, int policy, boolean critical);

  /** The C library's kernel (scalar, avx2, avx512, ...). */
  static native String kernel();
}
