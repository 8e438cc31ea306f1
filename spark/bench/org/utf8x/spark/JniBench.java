package org.utf8x.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * How the JNI code should read a value: {@code GetPrimitiveArrayCritical} (in place) or {@code
 * GetByteArrayRegion} (a copy), timed in one JVM on the same values, in alternating rounds so
 * that a load on the machine weighs on both alike. Not a test, and not in the jar (docs/spark.md
 * gives the commands).
 *
 * <p>Arguments: the folder of the lipsum texts ({@code *.utf8.txt}: one paragraph a line), the
 * number of values (default 1,000,000: the lines over and over, 1 % with a 0xFF byte inserted),
 * rounds (default 5). Prints, for each way, the best round's time for {@code isValid} and
 * {@code makeValid} over all values.
 */
public final class JniBench {
  private JniBench() {}

  public static void main(String[] args) throws IOException {
    List<byte[]> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of(args[0]))) {
      for (Path f : (Iterable<Path>) files.sorted()::iterator) {
        if (!f.getFileName().toString().endsWith(".utf8.txt")) continue;
        for (String line : Files.readAllLines(f)) {
          byte[] b = line.getBytes(StandardCharsets.UTF_8);
          if (b.length > 0 && b.length <= 4096) lines.add(b);
        }
      }
    }
    int n = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    Random rng = new Random(7);
    byte[][] values = new byte[n][];
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      byte[] v = lines.get(i % lines.size());
      if (rng.nextDouble() < 0.01) {
        int at = rng.nextInt(v.length + 1);
        byte[] bad = new byte[v.length + 1];
        System.arraycopy(v, 0, bad, 0, at);
        bad[at] = (byte) 0xFF;
        System.arraycopy(v, at, bad, at + 1, v.length - at);
        v = bad;
      }
      values[i] = v;
      bytes += v.length;
    }
    System.out.printf("%d values, %.3f GB, kernel %s%n", n, bytes / 1e9, Native.kernel());
    double[][] best = {{1e9, 1e9}, {1e9, 1e9}};
    long[] answers = new long[4];
    for (int r = 0; r <= rounds; r++) {
      for (int way = 0; way < 2; way++) {
        boolean critical = way == 0;
        long t = System.nanoTime();
        long valid = 0;
        for (byte[] v : values) valid += Native.isValid(v, critical);
        double s = (System.nanoTime() - t) / 1e9;
        t = System.nanoTime();
        long repaired = 0;
        for (byte[] v : values) {
          repaired += Native.makeValid(v, Native.REPLACE, critical) == null ? 0 : 1;
        }
        double m = (System.nanoTime() - t) / 1e9;
        answers[way * 2] = valid;
        answers[way * 2 + 1] = repaired;
        if (r > 0) { // round 0 warms up
          best[way][0] = Math.min(best[way][0], s);
          best[way][1] = Math.min(best[way][1], m);
        }
      }
    }
    if (answers[0] != answers[2] || answers[1] != answers[3]) {
      throw new AssertionError("the two ways disagree");
    }
    System.out.printf("valid %d, repaired %d%n", answers[0], answers[1]);
    System.out.println("| way | isValid best (s) | GB/s | makeValid best (s) | GB/s |");
    System.out.println("|---|---:|---:|---:|---:|");
    String[] names = {"critical (GetPrimitiveArrayCritical)", "region (GetByteArrayRegion)"};
    for (int way = 0; way < 2; way++) {
      System.out.printf(
          "| %s | %.3f | %.2f | %.3f | %.2f |%n",
          names[way],
          best[way][0],
          bytes / best[way][0] / 1e9,
          best[way][1],
          bytes / best[way][1] / 1e9);
    }
  }
}
