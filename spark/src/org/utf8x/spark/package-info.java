/**
 * utf8x's Spark SQL functions in the JVM: {@code UDF1} classes that call the C library through
 * JNI on each value's bytes, with no trip to a Python worker.
 *
 * <p>{@link org.utf8x.spark.IsValid}, {@link org.utf8x.spark.ErrorOffset} and the {@code
 * MakeValid} family ({@link org.utf8x.spark.MakeValid}, {@link org.utf8x.spark.MakeValidIgnore},
 * {@link org.utf8x.spark.MakeValidFallback}) take a {@code BINARY} value ({@code CAST(s AS
 * BINARY)} for a string: a copy of its bytes, nothing decoded) and give null for null. {@link
 * org.utf8x.spark.Native} declares the native functions and {@link
 * org.utf8x.spark.NativeLibrary} loads the shared library the jar carries.
 */
package org.utf8x.spark;
