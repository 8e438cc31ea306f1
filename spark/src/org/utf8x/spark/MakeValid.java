package org.utf8x.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * {@code utf8x_make_valid(b)}: a {@code BINARY} value as UTF-8, each maximal ill-formed subpart
 * replaced by U+FFFD (as Spark's {@code make_valid_utf8} and Python's {@code errors="replace"});
 * null for null. The result is {@code BINARY}: {@code CAST(... AS STRING)} takes its bytes as
 * they are. A valid value comes back as the same array (no copy).
 *
 * <p>{@link MakeValidIgnore} drops the ill-formed parts, {@link MakeValidFallback} reads each of
 * their bytes as Windows-1252. The policy is the class's, so that the SQL function takes one
 * argument and nothing is looked up per row.
 */
public class MakeValid implements UDF1<byte[], byte[]> {
  private static final long serialVersionUID = 1L;

  private final int policy;

  /** Replaces each ill-formed part with U+FFFD. */
  public MakeValid() {
    this(Native.REPLACE);
  }

  MakeValid(int policy) {
    this.policy = policy;
  }

  @Override
  public final byte[] call(byte[] value) {
    if (value == null) return null;
    byte[] repaired = Native.makeValid(value, policy, Native.CRITICAL);
    return repaired == null ? value : repaired;
  }
}
