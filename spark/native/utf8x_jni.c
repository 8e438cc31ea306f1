/*
 * The JNI shim of utf8x's Spark functions (spark/src/org/utf8x/spark/Native.java declares
 * them): each takes a Java byte[] and calls the C library, which the build links in statically
 * (libutf8x.a), so that the jar carries one self-contained shared library.
 *
 * Two ways to reach the bytes of a byte[] for the checks that read a value once
 * (validation, the first error's offset); Native.java picks one per JVM:
 * - "critical": GetPrimitiveArrayCritical, the array itself (no copy; the JVM may hold off a
 *   garbage collection while the call runs, which is short: one value);
 * - "region": GetByteArrayRegion into a buffer on the stack (values up to STACK_BYTES), one on
 *   the heap of this thread kept for the next call (up to KEEP_BYTES), or one allocated for
 *   the call (longer values, rare, where the copy costs far more than the allocation).
 * make_valid checks the value so first and returns at once when it is valid (the common case);
 * a bad value is copied out (the JNI call that allocates the result is not allowed inside a
 * critical section) and repaired into a new byte[].
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "utf8x.h"

/* Values up to this size are copied onto the stack in "region" mode. */
#define STACK_BYTES 4096
/* The most the buffer of a thread grows to: each thread keeps it until it ends, never freed
 * (Spark's task threads are pooled, and live as long as their executor). */
#define KEEP_BYTES (1u << 20)

static _Thread_local uint8_t *big;
static _Thread_local size_t big_cap;

/* The buffer of this thread, for len up to KEEP_BYTES. */
static uint8_t *thread_buffer(size_t len) {
  if (len > big_cap) {
    uint8_t *grown = realloc(big, len);
    if (grown == NULL) return NULL;
    big = grown;
    big_cap = len;
  }
  return big;
}

static void throw_java(JNIEnv *env, const char *cls, const char *msg) {
  jclass c = (*env)->FindClass(env, cls);
  if (c != NULL) (*env)->ThrowNew(env, c, msg);
}

/* utf8x_validate of a byte[], through the array itself. */
static struct utf8x_result validate_critical(JNIEnv *env, jbyteArray value) {
  jsize len = (*env)->GetArrayLength(env, value);
  struct utf8x_result r;
  void *bytes = (*env)->GetPrimitiveArrayCritical(env, value, NULL);
  if (bytes == NULL) {
    /* Out of memory: the JVM has thrown; the caller returns at once. */
    memset(&r, 0, sizeof r);
    r.status = UTF8X_INTERNAL;
    return r;
  }
  r = utf8x_validate(bytes, (size_t)len);
  /* JNI_ABORT: nothing was written, nothing to copy back. */
  (*env)->ReleasePrimitiveArrayCritical(env, value, bytes, JNI_ABORT);
  return r;
}

/* utf8x_validate of a byte[], through a copy. */
static struct utf8x_result validate_region(JNIEnv *env, jbyteArray value) {
  jsize len = (*env)->GetArrayLength(env, value);
  struct utf8x_result r;
  uint8_t stack[STACK_BYTES];
  uint8_t *buf = (size_t)len <= sizeof stack ? stack
                 : (size_t)len <= KEEP_BYTES  ? thread_buffer((size_t)len)
                                              : malloc((size_t)len);
  memset(&r, 0, sizeof r);
  if (buf == NULL) {
    throw_java(env, "java/lang/OutOfMemoryError", "utf8x: no memory to copy a value");
    r.status = UTF8X_INTERNAL;
    return r;
  }
  (*env)->GetByteArrayRegion(env, value, 0, len, (jbyte *)buf);
  r = utf8x_validate(buf, (size_t)len);
  if ((size_t)len > KEEP_BYTES) free(buf);
  return r;
}

static struct utf8x_result validate(JNIEnv *env, jbyteArray value, jboolean critical) {
  return critical ? validate_critical(env, value) : validate_region(env, value);
}

/* 1 valid, 0 not, -1 when an exception is pending. */
JNIEXPORT jint JNICALL Java_org_utf8x_spark_Native_isValid(JNIEnv *env, jclass cls,
                                                         jbyteArray value, jboolean critical) {
  (void)cls;
  struct utf8x_result r = validate(env, value, critical);
  if (r.status == UTF8X_INTERNAL) return -1;
  return r.status == UTF8X_OK;
}

/* The offset of the first ill-formed sequence, -1 when the value is valid (or an exception is
 * pending: the caller sees it when the call returns). */
JNIEXPORT jlong JNICALL Java_org_utf8x_spark_Native_errorOffset(JNIEnv *env, jclass cls,
                                                              jbyteArray value,
                                                              jboolean critical) {
  (void)cls;
  struct utf8x_result r = validate(env, value, critical);
  return r.status == UTF8X_OK || r.status == UTF8X_INTERNAL ? -1 : (jlong)r.read;
}

/* make_valid: NULL when the value is valid (the caller keeps it: no copy, no allocation), else
 * a new byte[] of its repair under `policy` (UTF8X_REPLACE, UTF8X_SKIP or UTF8X_FALLBACK), or
 * NULL with an exception pending. The repair is measured first (dst == NULL), then written. */
JNIEXPORT jbyteArray JNICALL Java_org_utf8x_spark_Native_makeValid(JNIEnv *env, jclass cls,
                                                                 jbyteArray value, jint policy,
                                                                 jboolean critical) {
  (void)cls;
  struct utf8x_result r = validate(env, value, critical);
  if (r.status == UTF8X_OK || r.status == UTF8X_INTERNAL) return NULL;

  jsize len = (*env)->GetArrayLength(env, value);
  uint8_t stack[STACK_BYTES];
  uint8_t *in = (size_t)len <= sizeof stack ? stack : malloc((size_t)len);
  uint8_t *dst = NULL;
  jbyteArray out = NULL;
  if (in == NULL) goto no_memory;
  (*env)->GetByteArrayRegion(env, value, 0, len, (jbyte *)in);
  r = utf8x_convert(in, (size_t)len, UTF8X_ENC_UTF8, NULL, 0, UTF8X_ENC_UTF8, (uint32_t)policy);
  if (r.status != UTF8X_OK) {
    throw_java(env, "java/lang/IllegalStateException", utf8x_status_str(r.status));
    goto done;
  }
  if (r.written > (size_t)INT32_MAX) {
    throw_java(env, "java/lang/IllegalArgumentException",
               "utf8x: the repaired value would be over 2 GiB, more than a byte[] holds");
    goto done;
  }
  /* malloc(0) may return NULL: ask for one byte at least (an empty repair: all skipped). */
  dst = malloc(r.written ? r.written : 1);
  if (dst == NULL) goto no_memory;
  size_t need = r.written;
  r = utf8x_convert(in, (size_t)len, UTF8X_ENC_UTF8, dst, need, UTF8X_ENC_UTF8, (uint32_t)policy);
  if (r.status != UTF8X_OK || r.written != need) {
    throw_java(env, "java/lang/IllegalStateException", utf8x_status_str(r.status));
    goto done;
  }
  out = (*env)->NewByteArray(env, (jsize)need);
  if (out != NULL) (*env)->SetByteArrayRegion(env, out, 0, (jsize)need, (const jbyte *)dst);
  goto done;
no_memory:
  throw_java(env, "java/lang/OutOfMemoryError", "utf8x: no memory to repair a value");
done:
  free(dst);
  if (in != stack) free(in);
  return out;
}

/* The C library's kernel (scalar, AVX2, AVX-512...), to show which one runs. */
JNIEXPORT jstring JNICALL Java_org_utf8x_spark_Native_kernel(JNIEnv *env, jclass cls) {
  (void)cls;
  return (*env)->NewStringUTF(env, utf8x_kernel_name());
}
