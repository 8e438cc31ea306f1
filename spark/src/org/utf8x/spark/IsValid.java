package org.utf8x.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * {@code utf8x_is_valid(b)}: whether a {@code BINARY} value is UTF-8 (RFC 3629: no overlongs,
 * surrogates or values above U+10FFFF); null for null. Allocates nothing per row.
 */
public final class IsValid implements UDF1<byte[], Boolean> {
  private static final long serialVersionUID = 1L;

  @Override
  public Boolean call(byte[] value) {
    if (value == null) return null;
    return Native.isValid(value, Native.CRITICAL) == 1;
  }
}
