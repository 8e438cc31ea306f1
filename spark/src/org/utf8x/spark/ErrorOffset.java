package org.utf8x.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * {@code utf8x_error_offset(b)}: the byte offset of the first ill-formed sequence of a {@code
 * BINARY} value that is not UTF-8; null where the value is valid, and for null.
 */
public final class ErrorOffset implements UDF1<byte[], Long> {
  private static final long serialVersionUID = 1L;

  @Override
  public Long call(byte[] value) {
    if (value == null) return null;
    long offset = Native.errorOffset(value, Native.CRITICAL);
    return offset < 0 ? null : offset;
  }
}
