package org.utf8x.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the JNI library (spark/native/utf8x_jni.c with the C library linked in) once per JVM.
 *
 * <p>The jar carries one library per platform, as the resource {@code
 * /org/utf8x/spark/native/<os>-<arch>/libutf8x_jni.so}. The JVM loads libraries from files
 * only, so the resource is copied into a directory of its own that {@link
 * Files#createTempDirectory} makes (a new name each time, readable by this user only: two JVMs,
 * or two class loaders, never share or overwrite one), loaded, and deleted at once: the loaded
 * library stays mapped, and nothing is left behind in the temporary directory. The system
 * property {@code org.utf8x.spark.library} names a library file to load instead (a platform the
 * jar has no library for).
 */
final class NativeLibrary {
  /** The system property naming a library file to load instead of the jar's. */
  static final String PATH_PROPERTY = "org.utf8x.spark.library";

  private NativeLibrary() {}

  /** The platform's name in the jar: {@code linux-x86_64}, {@code linux-aarch64}, ... */
  static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (os.startsWith("linux")) os = "linux";
    else if (os.startsWith("mac")) os = "macos";
    else if (os.startsWith("windows")) os = "windows";
    if (arch.equals("amd64")) arch = "x86_64";
    else if (arch.equals("arm64")) arch = "aarch64";
    return os + "-" + arch;
  }

  /** Loads the library; called once, from {@link Native}'s static initializer. */
  static void load() {
    String path = System.getProperty(PATH_PROPERTY);
    if (path != null && !path.isEmpty()) {
      System.load(Path.of(path).toAbsolutePath().toString());
      return;
    }
    String resource = "native/" + platform() + "/libutf8x_jni.so";
    try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new UnsatisfiedLinkError(
            "utf8x-spark: the jar has no native library for "
                + platform()
                + " (/org/utf8x/spark/"
                + resource
                + "); build one on that platform (scripts/spark-jar.sh) or name a library file"
                + " with -D"
                + PATH_PROPERTY
                + "=...");
      }
      Path dir = Files.createTempDirectory("utf8x-jni-");
      Path file = dir.resolve("libutf8x_jni.so");
      try {
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        System.load(file.toString());
      } finally {
        // Loaded (or failed): the mapping does not need the file.
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
      }
    } catch (IOException e) {
      UnsatisfiedLinkError error =
          new UnsatisfiedLinkError("utf8x-spark: cannot extract the native library: " + e);
      error.initCause(e);
      throw error;
    }
  }
}
