package org.utf8x.spark;

import org.apache.spark.sql.api.java.UDF1;

/** {@code utf8x_make_valid_ignore(b)}: {@link MakeValid} dropping the ill-formed parts. */
// UDF1 named again: Spark's registerJavaFunction looks for it among the class's own interfaces.
public final class MakeValidIgnore extends MakeValid implements UDF1<byte[], byte[]> {
  private static final long serialVersionUID = 1L;

  public MakeValidIgnore() {
    super(Native.SKIP);
  }
}
