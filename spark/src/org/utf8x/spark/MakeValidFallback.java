package org.utf8x.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * {@code utf8x_make_valid_fallback(b)}: {@link MakeValid} reading each byte of the ill-formed
 * parts as its Windows-1252 character.
 */
// UDF1 named again: Spark's registerJavaFunction looks for it among the class's own interfaces.
public final class MakeValidFallback extends MakeValid implements UDF1<byte[], byte[]> {
  private static final long serialVersionUID = 1L;

  public MakeValidFallback() {
    super(Native.FALLBACK);
  }
}
